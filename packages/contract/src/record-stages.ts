import { z } from './zod.ts';

/**
 * What an invitation becomes after `success` (issue 19, "Know who answered"): the creator
 * accepted, declined or let it expire (target collaborations, 定向计划), replied (conversations),
 * requested a sample, posted content, and the first order came. A record's `stage` is the
 * furthest reached (recordStageRank); each stage also has its own time on the record, so the
 * send records table filters by "reached this stage".
 */
export const recordStages = [
  'declined',
  'expired',
  'replied',
  'accepted',
  'sample_requested',
  'content_posted',
  'first_order',
] as const;
export type RecordStage = (typeof recordStages)[number];

/** The order a record's stages rank in: a later stage never gives way to an earlier one. */
export const recordStageRank: Record<RecordStage, number> = {
  declined: 1,
  expired: 1,
  replied: 2,
  accepted: 3,
  sample_requested: 4,
  content_posted: 5,
  first_order: 6,
};

/** The workplace funnel's steps, in order (`sent`: the record succeeded). */
export const funnelSteps = [
  'sent',
  'accepted',
  'replied',
  'sample_requested',
  'content_posted',
  'first_order',
] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/**
 * A follow-up history entry the system wrote (author "system"): which stage moved the talent,
 * from and to which status, in which shop. The console tells it in the reader's language.
 */
export const talentFollowUpEvent = z.object({
  stage: z.enum(recordStages),
  shopName: z.string(),
  taskId: z.number().int().nullable(),
});
export type TalentFollowUpEvent = z.infer<typeof talentFollowUpEvent>;

/** The author of follow-up entries the system writes. */
export const SYSTEM_AUTHOR = 'system';
