/**
 * Platform syncs (issue 19): per connected shop, the kinds that read what happened after an
 * invitation (collaborations, conversations, samples, orders) resume from their cursors and
 * apply it idempotently. The only entry of the module; app.ts builds PlatformSync with the
 * kinds and runs its passes as a background job.
 */
export type { SyncKind } from './kind.ts';
export { PlatformSync } from './service.ts';
export { syncKinds } from './kinds.ts';
/** The conversations module's port to TikTok Shop (issue 19), filled in app.ts. */
export { tiktokConversationPlatform } from './tiktok-conversations.ts';
/** The platforms' side of the samples module's review (app.ts fills its port with it). */
export { sampleReviewer } from './tiktok-samples.ts';
