import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { PlatformConnections } from '../connections/index.ts';
import { doudianPlanAuthors } from './doudian-plan-authors.ts';
import { anyCursor, type SyncKind } from './kind.ts';
import { tiktokCollaborations } from './tiktok-collaborations.ts';
import { tiktokConversations } from './tiktok-conversations.ts';
import { tiktokOrders } from './tiktok-orders.ts';
import { tiktokSamples } from './tiktok-samples.ts';

/** What the sync kinds read and write with: built once in app.ts. */
export interface SyncKindDeps {
  db: Database;
  connections: PlatformConnections;
  log: FastifyBaseLogger;
  /** The list caches of these accounts are stale (their talents or records changed). */
  changed: (userIds: readonly number[]) => Promise<unknown>;
}

/** Every sync kind, per platform: each reads one part of the platform for a connected shop. */
export function syncKinds(deps: SyncKindDeps): SyncKind[] {
  return [
    anyCursor(tiktokCollaborations(deps)),
    anyCursor(tiktokConversations(deps)),
    anyCursor(tiktokOrders(deps)),
    anyCursor(doudianPlanAuthors(deps)),
    // Samples (issue 19): 抖店 has no sample-request API, so there is no douyin.samples.
    anyCursor(tiktokSamples(deps)),
  ];
}
