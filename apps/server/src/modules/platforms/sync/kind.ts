/**
 * What one sync kind is (issue 19, "Sync jobs per connected shop"): a reader of one part of a
 * platform (target collaborations, conversations, sample applications, affiliate orders; 抖店
 * plan authors, alliance orders) for one shop, one bounded step at a time. The runner
 * (service.ts) claims a shop's kind when it is due, calls `step` with the cursor the last step
 * returned, and saves the new cursor after it. A step applies what it read before returning,
 * idempotently by the platform's own ids, so a step repeated after a crash (its cursor not
 * saved) writes nothing twice.
 */
export interface SyncShop {
  userId: number;
  shopId: number;
  shopName: string;
  /** tiktok | douyin (the shop's platform, as shops store it). */
  platform: string;
}

export interface SyncStepResult<Cursor> {
  /** Where the next step starts (null: from the beginning, as on a first run). */
  cursor: Cursor | null;
  /** Platform facts this step applied that changed something (new, or moved on). */
  applied: number;
  /** More is waiting now (a next page): the runner steps again soon, not after `everyMs`. */
  more: boolean;
}

export interface SyncKind<Cursor = Record<string, unknown>> {
  /** `<platform>.<what>`, the cursor's key (platform_sync_cursors.kind). */
  name: string;
  /** The shops it reads: those of this platform connected by authorization. */
  platform: string;
  /** How often a shop's kind is read when nothing is waiting. */
  everyMs: number;
  step(shop: SyncShop, cursor: Cursor | null, now: Date): Promise<SyncStepResult<Cursor>>;
}

/**
 * A kind as the runner holds it, whatever its cursor's shape: the runner stores the cursor a
 * step returned and hands it back, unread, to the kind's next step.
 */
export function anyCursor<Cursor>(kind: SyncKind<Cursor>): SyncKind {
  return kind as unknown as SyncKind;
}
