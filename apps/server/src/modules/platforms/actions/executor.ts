import { shopPauseReasons, tiktokShopTimeZone, type Locale } from '@inviteflow/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client.ts';
import type { SendRecordRow } from '../../send-records/index.ts';
import {
  actionTask,
  failRecords,
  lockTaskRow,
  lockActionRecords,
  moveRecordsToActions,
  releaseActionRecords,
  setRecordIdentity,
  startActionRecords,
  succeedActionRecords,
  succeedRecords,
} from '../../send-records/index.ts';
import { blacklistedIds } from '../../talents/index.ts';
import { postMessage } from '../../messages/index.ts';
import { rememberCreatorOpenId } from '../../talents/index.ts';
import { findShop } from '../../shops/index.ts';
import type { PlatformConnections } from '../connections/index.ts';
import { ShopNotConnectedError } from '../connections/index.ts';
import { TikTokShopError } from '../tiktok-shop/index.ts';
import { DoudianError } from '../doudian/index.ts';
import { runActivityApplication, runOrienPlan, runOrienPlanAuthors } from './doudian-steps.ts';
import { orienPlanAuthorBatches } from './compile.ts';
import {
  failureOf,
  ownFailure,
  type Failure,
  type Outcome,
  type RecordFailure,
} from './outcomes.ts';
import {
  claimActions,
  finishAction,
  insertActions,
  lockHeldAction,
  markCallStarted,
  requeueAction,
  updateAction,
  upsertPause,
  clearPause,
  pausesOf,
  type ActionRow,
} from './repository.ts';
import { backOffMs, nextQuotaWeek, nextShopDay } from './resets.ts';
import { runConversation, runTargetCollaboration, type StepContext } from './tiktok-steps.ts';

/**
 * The executor of platform actions (DESIGN.md "Platforms"): a job in every replica claims due
 * actions (SKIP LOCKED, under a lease), runs each through the platform's client, and writes
 * what came of it to the action, its records and, for a run-level stop, the shop's pause.
 *
 * - Never twice: before a call that may change the platform the action records that it
 *   started; an action claimed with that mark (its executor died, or the answer was lost) is
 *   reconciled by reading the platform before any new call (tiktok-steps.ts).
 * - Never lost: a run-level stop (quota, rate limit, authorization, network) puts the records
 *   back to pending; only an answer about a talent, or a refused request, fails records.
 * - Within the platform's limits: a shop's calls wait their turn in the one limiter of the
 *   process's platform calls (the connections module's, shared with the syncs and the routes,
 *   per shop and API), at most `perShop` of its actions run at once, and a quota or throttle
 *   pauses the shop.
 */

export interface ExecutorOptions {
  /** Actions run at once by this process. */
  concurrency: number;
  /** Actions of one shop run at once by this process. */
  perShop: number;
  leaseMs: number;
  /** The language of the words the executor writes on records (its own failures). */
  locale: Locale;
}

export const DEFAULT_EXECUTOR_OPTIONS: ExecutorOptions = {
  concurrency: 32,
  perShop: 4,
  leaseMs: 120_000,
  locale: 'zh-CN',
};

export interface ExecutorDeps {
  db: Database;
  connections: PlatformConnections;
  log: FastifyBaseLogger;
  /** Told which accounts' records changed (the list cache). */
  changed?: (userIds: number[]) => Promise<void>;
}

/** A claimed action and its records, turned running by the claim. */
interface ClaimedAction {
  action: ActionRow;
  records: SendRecordRow[];
}

/** The pass's summary, for logs and tests. */
export interface DrainResult {
  actions: number;
  succeeded: number;
  failed: number;
  requeued: number;
}

/** The reasons a shop's pause can carry (the contract's list, one definition). */
const PAUSE_REASONS = new Set<string>(shopPauseReasons);
/** Tasks whose terms the executor keeps at once (see taskOf). */
const TASKS_KEPT = 1_000;
type ActionTaskRow = NonNullable<Awaited<ReturnType<typeof actionTask>>>;
/** Shops whose last claim the executor remembers (the round robin's memory). */
const SERVED_SHOPS_KEPT = 10_000;
/** A configuration the operator must fix: the shop is tried again after this. */
const CONFIGURATION_RETRY_MS = 15 * 60_000;

export class PlatformActionExecutor {
  private readonly options: ExecutorOptions;
  private readonly busyShops = new Map<number, number>();
  /** When this executor last claimed an action of each shop: claims serve shops in turn. */
  private readonly servedShops = new Map<number, number>();
  private claims = 0;
  /** The tasks of recent actions (see taskOf), the oldest dropped first. */
  private readonly tasks = new Map<string, ActionTaskRow>();

  constructor(
    private readonly deps: ExecutorDeps,
    options: Partial<ExecutorOptions> = {},
  ) {
    this.options = { ...DEFAULT_EXECUTOR_OPTIONS, ...options };
  }

  /**
   * Runs due actions until none is left to claim at `now()` (what the job does each pass, and
   * what tests call). Actions run concurrently within the limits.
   */
  async drain(now: () => Date = () => new Date()): Promise<DrainResult> {
    const result: DrainResult = { actions: 0, succeeded: 0, failed: 0, requeued: 0 };
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const free = this.options.concurrency - inFlight.size;
      let claimed: ClaimedAction[] = [];
      if (free > 0) claimed = await this.claim(now(), free);
      for (const { action, records } of claimed) {
        result.actions++;
        this.busyShops.set(action.shopId, (this.busyShops.get(action.shopId) ?? 0) + 1);
        const run: Promise<void> = this.runOne(action, records, now)
          .then((status) => {
            if (status === 'succeeded') result.succeeded++;
            else if (status === 'failed') result.failed++;
            else result.requeued++;
          })
          .catch(async (error: unknown) => {
            result.requeued++;
            this.deps.log.error(
              { err: error, actionId: action.id },
              'platform action failed to run',
            );
            await this.afterFault(action, now()).catch((again: unknown) =>
              this.deps.log.error(
                { err: again, actionId: action.id },
                'platform action not requeued',
              ),
            );
          })
          .finally(() => {
            inFlight.delete(run);
            const left = (this.busyShops.get(action.shopId) ?? 1) - 1;
            if (left <= 0) this.busyShops.delete(action.shopId);
            else this.busyShops.set(action.shopId, left);
          });
        inFlight.add(run);
      }
      if (inFlight.size === 0) return result;
      // Wait for one to finish before claiming more (a claim finding nothing ends the loop
      // only once nothing runs: a finished action may have made new ones, a card or a half).
      await Promise.race(inFlight);
    }
  }

  /**
   * A fault of ours while running or writing (the database): the action goes back to wait a
   * little, its call mark kept (a call may have gone out: the next run reads the platform).
   */
  private async afterFault(action: ActionRow, now: Date): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await lockTaskRow(tx, action.userId, action.taskId);
      const held = await lockHeldAction(tx, action.id, action.leaseId!);
      if (!held) return;
      await releaseActionRecords(tx, action.id, now);
      await requeueAction(
        tx,
        action.id,
        {
          notBefore: new Date(now.getTime() + backOffMs(held.attempts, null)),
          keepCallStarted: true,
        },
        now,
      );
    });
  }

  private async claim(now: Date, free: number): Promise<ClaimedAction[]> {
    const claimed = await this.deps.db.transaction(async (tx) => {
      const rows = await claimActions(tx, now, {
        limit: free,
        perShop: this.options.perShop,
        leaseMs: this.options.leaseMs,
        // The least busy shops first, then the one served longest ago; a shop running
        // perShop gets none.
        running: new Map(this.busyShops),
        served: this.servedShops,
      });
      this.served(rows);
      // Its records go running with it; the executor runs them as this answers them (no second
      // read of them after the claim).
      const records = await startActionRecords(
        tx,
        rows.map((action) => action.id),
        now,
      );
      return rows.map((action) => ({ action, records: records.get(action.id) ?? [] }));
    });
    if (claimed.length) await this.changed(claimed.map((c) => c.action.userId));
    return claimed;
  }

  /**
   * What an action sends for its task (type, terms, products), read once per task: a task's
   * are fixed when it is made, and its actions would read them again on every call.
   */
  private async taskOf(action: ActionRow): Promise<ActionTaskRow | null> {
    const key = `${action.userId}:${action.taskId}`;
    const kept = this.tasks.get(key);
    if (kept) return kept;
    const task = await actionTask(this.deps.db, action.userId, action.taskId);
    if (!task) return null;
    if (this.tasks.size >= TASKS_KEPT) this.tasks.delete(this.tasks.keys().next().value!);
    this.tasks.set(key, task);
    return task;
  }

  /** Notes the shops just served (and forgets the longest-served ones beyond a bound). */
  private served(rows: readonly ActionRow[]): void {
    for (const row of rows) {
      this.servedShops.delete(row.shopId);
      this.servedShops.set(row.shopId, ++this.claims);
    }
    // A Map keeps insertion order: the first entries were served longest ago. A forgotten shop
    // counts as never served, which only moves it forward in the turn.
    for (const shopId of this.servedShops.keys()) {
      if (this.servedShops.size <= SERVED_SHOPS_KEPT) break;
      this.servedShops.delete(shopId);
    }
  }

  private async changed(userIds: number[]): Promise<void> {
    if (this.deps.changed) await this.deps.changed([...new Set(userIds)]);
  }

  /** Runs one claimed action to its outcome and writes it. */
  private async runOne(
    action: ActionRow,
    records: readonly SendRecordRow[],
    now: () => Date,
  ): Promise<'succeeded' | 'failed' | 'requeued'> {
    const { db } = this.deps;
    // Talents blacklisted since the task was made are never sent (the blacklist decides).
    const listed = await blacklistedIds(
      db,
      action.userId,
      records.map((r) => r.platformTalentId),
    );
    const blocked = records.filter((r) => listed.has(r.platformTalentId));
    if (blocked.length) {
      await db.transaction((tx) =>
        failRecords(
          tx,
          blocked.map((r) => r.id),
          ownFailure('blacklisted', 'blacklisted'),
          now(),
        ),
      );
    }
    const open = records.filter((r) => !listed.has(r.platformTalentId));
    const task = await this.taskOf(action);
    if (!open.length || !task) {
      await db.transaction((tx) =>
        finishAction(
          tx,
          action.id,
          {
            status: open.length ? 'failed' : 'succeeded',
            reference: action.reference,
            errorCode: null,
            answer: null,
          },
          now(),
        ),
      );
      return open.length ? 'failed' : 'succeeded';
    }
    const ctx: StepContext = {
      action,
      records: open,
      task: {
        taskType: task.taskType,
        platformTerms: task.platformTerms,
        products: task.products,
      },
      locale: this.options.locale,
      // Each call the step makes waits its turn in the connections' limiter (per shop and API).
      call: async (run, scopes) => {
        return this.deps.connections.withShopApi(
          action.userId,
          action.shopId,
          (api) => run(api.client, api.access),
          { now, requiredScopes: scopes },
        );
      },
      doudian: async (run) => {
        return this.deps.connections.withDoudianShopApi(
          action.userId,
          action.shopId,
          (api) => run(api.client, api.access),
          { now },
        );
      },
      starting: async (progress) => {
        const held = await markCallStarted(db, action.id, action.leaseId!, progress, now());
        if (!held) throw new LeaseLostError(action.id);
        action.progress = progress;
      },
      stepDone: async (progress) => {
        await updateAction(db, action.id, {
          progress,
          callStartedAt: null,
          updatedAt: now(),
        });
        action.progress = progress;
        action.callStartedAt = null;
      },
      identified: async (recordId, identity) => {
        await setRecordIdentity(db, recordId, identity, now());
        // The library learns it too: the next invitation needs no search.
        const talentId = open.find((r) => r.id === recordId)?.talentId;
        if (talentId && identity.platform === 'tiktok' && identity.creatorUserOpenId) {
          await rememberCreatorOpenId(db, action.userId, talentId, identity.creatorUserOpenId);
        }
      },
    };
    let outcome: Outcome;
    try {
      outcome = await this.step(action.kind, ctx);
    } catch (error) {
      if (error instanceof LeaseLostError) return 'requeued';
      outcome = await this.classify(error, action, open, now());
    }
    if (outcome.type === 'mixed' && outcome.stop !== undefined) {
      // Some talents met a limit of the shop: the others are written, the shop pauses.
      const stopped = await this.classify(outcome.stop, action, open, now());
      if (stopped.type === 'pause_shop') outcome.pause = stopped;
    }
    return this.write(action, outcome, now(), task.taskType);
  }

  /** The steps of an action's kind (tiktok-steps.ts, doudian-steps.ts). */
  private step(kind: string, ctx: StepContext): Promise<Outcome> {
    switch (kind) {
      case 'orien_plan':
        return runOrienPlan(ctx);
      case 'orien_plan_authors':
        return runOrienPlanAuthors(ctx);
      case 'activity_application':
        return runActivityApplication(ctx);
      case 'target_collaboration':
        return runTargetCollaboration(ctx);
      default:
        return runConversation(ctx);
    }
  }

  /** What an error of a call means for the action (errors.ts classifies the platform's codes). */
  private async classify(
    error: unknown,
    action: ActionRow,
    records: readonly SendRecordRow[],
    now: Date,
  ): Promise<Outcome> {
    if (error instanceof ShopNotConnectedError) {
      const timeZone = await this.timeZoneOf(action);
      return {
        type: 'pause_shop',
        failure: ownFailure('authorization_revoked', error.message),
        resumesAt: null,
        timeZone,
      };
    }
    // Both platforms' errors carry the same classification (reason, scope, next, standardCode).
    if (!(error instanceof TikTokShopError || error instanceof DoudianError)) {
      // A fault of ours (a bug, the database): the action is tried again later, reconciled.
      this.deps.log.error({ err: error, actionId: action.id }, 'platform action error');
      return {
        type: 'unknown',
        failure: ownFailure('network', error instanceof Error ? error.message : 'error'),
        notBefore: new Date(now.getTime() + backOffMs(action.attempts, null)),
      };
    }
    const failure = failureOf(error);
    // A refusal by the token host is about the authorization, never about the talents.
    if (error.operation.includes('/token/') && error.scope !== 'unknown') {
      return {
        type: 'pause_shop',
        failure: { ...failure, code: 'authorization_revoked' },
        resumesAt: null,
        timeZone: await this.timeZoneOf(action),
      };
    }
    switch (error.next) {
      case 'fail_records':
        if (error.scope === 'request') return { type: 'fail_all', failure };
        if (error instanceof TikTokShopError && error.conflicts.length) {
          return { type: 'drop_records', failures: conflictFailures(error, records) };
        }
        return records.length > 1 ? { type: 'split', failure } : { type: 'fail_all', failure };
      case 'pause_shop': {
        const timeZone = await this.timeZoneOf(action);
        // Invitations and new conversations share a weekly quota (reset Sunday 00:00 shop time);
        // daily limits and daily search quotas reset at the shop's midnight.
        // 抖店's limits are per day (Asia/Shanghai: a 抖店 shop's zone is CN's).
        const weekly =
          error instanceof TikTokShopError &&
          error.reason === 'quota_exceeded' &&
          error.platformCode !== 45101004;
        return {
          type: 'pause_shop',
          failure,
          resumesAt: weekly ? nextQuotaWeek(now, timeZone) : nextShopDay(now, timeZone),
          timeZone,
        };
      }
      case 'back_off':
      case 'refresh_token': {
        const wait = backOffMs(action.attempts, error.retryAfterMs);
        if (error.reason === 'rate_limited') {
          return {
            type: 'pause_shop',
            failure,
            resumesAt: new Date(now.getTime() + wait),
            timeZone: await this.timeZoneOf(action),
          };
        }
        return { type: 'retry_later', failure, notBefore: new Date(now.getTime() + wait) };
      }
      case 'reconnect':
        return {
          type: 'pause_shop',
          failure,
          resumesAt: null,
          timeZone: await this.timeZoneOf(action),
        };
      case 'fix_configuration':
        this.deps.log.error(
          { actionId: action.id, platformCode: error.platformCode, reason: error.reason },
          error instanceof DoudianError
            ? '抖店 refused our app: check DOUDIAN_APP_KEY / DOUDIAN_APP_SECRET and its permissions'
            : 'TikTok Shop refused our app: check TIKTOK_SHOP_APP_KEY / APP_SECRET',
        );
        return {
          type: 'pause_shop',
          failure,
          resumesAt: new Date(now.getTime() + CONFIGURATION_RETRY_MS),
          timeZone: await this.timeZoneOf(action),
        };
      case 'reconcile':
      default:
        return {
          type: 'unknown',
          failure,
          notBefore: new Date(now.getTime() + backOffMs(action.attempts, null)),
        };
    }
  }

  private async timeZoneOf(action: ActionRow): Promise<string> {
    const shop = await findShop(this.deps.db, action.userId, action.shopId);
    return tiktokShopTimeZone(shop?.platformRegion);
  }

  /** Writes an outcome: the action, its records, the shop's pause; answers what became of it. */
  private async write(
    action: ActionRow,
    outcome: Outcome,
    now: Date,
    /** The task's type, read when the action started (a task's type never changes). */
    taskType: string,
  ): Promise<'succeeded' | 'failed' | 'requeued'> {
    const result = await this.deps.db.transaction(async (tx) => {
      // One lock order for every writer (the task, its action, its records, then the counters
      // the records' triggers keep): two actions of a task finishing at once never deadlock.
      await lockTaskRow(tx, action.userId, action.taskId);
      const held = await lockHeldAction(tx, action.id, action.leaseId!);
      // Another executor took it over (this one outlived its lease): it decides.
      if (!held) return 'requeued' as const;
      // Outcomes about some of the records read them first (which to fail, move or split); the
      // others write the action's records in one statement from the action.
      const records =
        outcome.type === 'drop_records' ||
        outcome.type === 'split' ||
        outcome.type === 'fail_all' ||
        outcome.type === 'mixed' ||
        (outcome.type === 'succeeded' && action.kind === 'orien_plan')
          ? await lockActionRecords(tx, action.id)
          : [];
      switch (outcome.type) {
        case 'succeeded': {
          if (action.kind === 'orien_plan' && outcome.reference.planId) {
            // The plan exists: its talents are added to it 20 at a time, by their own actions.
            const planned = orienPlanAuthorBatches(action, records, outcome.reference.planId, now);
            const batches = await insertActions(
              tx,
              planned.map((p) => p.values),
            );
            const byKey = new Map(batches.map((b) => [b.idempotencyKey, b.id]));
            await moveRecordsToActions(
              tx,
              planned.flatMap((p) =>
                p.recordIds.map((recordId) => ({
                  recordId,
                  actionId: byKey.get(p.values.idempotencyKey)!,
                })),
              ),
              null,
              now,
            );
            await clearPause(tx, action.shopId);
            await finishAction(
              tx,
              action.id,
              {
                status: 'succeeded',
                reference: outcome.reference,
                errorCode: null,
                answer: null,
                talents: records.length,
              },
              now,
            );
            return 'succeeded' as const;
          }
          if (action.kind === 'target_collaboration' && held.platform === 'tiktok') {
            if (taskType === 'targeted_connection') {
              const records = await lockActionRecords(tx, action.id);
              // The collaboration exists: each creator now gets its card in a conversation.
              const cards = await insertActions(
                tx,
                records.map((record, i) => ({
                  userId: action.userId,
                  taskId: action.taskId,
                  shopId: action.shopId,
                  platform: held.platform,
                  kind: 'collaboration_card',
                  idempotencyKey: `task:${action.taskId}:collaboration_card:${record.id}`,
                  batch: i + 1,
                  batches: records.length,
                  createdAt: now,
                  updatedAt: now,
                })),
              );
              const byKey = new Map(cards.map((c) => [c.idempotencyKey, c.id]));
              await moveRecordsToActions(
                tx,
                records.map((record) => ({
                  recordId: record.id,
                  actionId: byKey.get(`task:${action.taskId}:collaboration_card:${record.id}`)!,
                })),
                outcome.reference,
                now,
              );
              await finishAction(
                tx,
                action.id,
                {
                  status: 'succeeded',
                  reference: outcome.reference,
                  errorCode: null,
                  answer: null,
                  talents: records.length,
                },
                now,
              );
              return 'succeeded' as const;
            }
          }
          const talents = await succeedActionRecords(tx, action.id, outcome.reference, now);
          // The platform takes the shop's calls again: whatever paused it is over.
          await clearPause(tx, action.shopId);
          await finishAction(
            tx,
            action.id,
            {
              status: 'succeeded',
              reference: outcome.reference,
              errorCode: null,
              answer: null,
              talents,
            },
            now,
          );
          return 'succeeded' as const;
        }
        case 'mixed': {
          const ok = new Set(outcome.succeeded);
          for (const failure of outcome.failures) {
            await failRecords(tx, [failure.recordId], failure, now);
          }
          await succeedRecords(
            tx,
            records.filter((r) => ok.has(r.id)).map((r) => r.id),
            outcome.reference,
            now,
          );
          if (outcome.pause) {
            // The rest wait with the shop (a limit of the day): pending, never failed.
            const { pause } = outcome;
            await releaseActionRecords(tx, action.id, now);
            const left = await lockActionRecords(tx, action.id);
            if (left.length) {
              await requeueAction(
                tx,
                action.id,
                {
                  notBefore: pause.resumesAt,
                  errorCode: pause.failure.code,
                  answer: pause.failure.answer,
                },
                now,
              );
              await this.pauseShop(tx, action, pause, now);
              return 'requeued' as const;
            }
          }
          if (ok.size) await clearPause(tx, action.shopId);
          await finishAction(
            tx,
            action.id,
            {
              status: ok.size ? 'succeeded' : 'failed',
              reference: outcome.reference,
              errorCode: ok.size ? null : (outcome.failures[0]?.code ?? null),
              answer: ok.size ? null : (outcome.failures[0]?.answer ?? null),
              talents: records.length,
            },
            now,
          );
          return ok.size ? ('succeeded' as const) : ('failed' as const);
        }
        case 'drop_records': {
          for (const failure of outcome.failures) {
            await failRecords(tx, [failure.recordId], failure, now);
          }
          // The rest are sent again at once (nothing was created).
          await releaseActionRecords(tx, action.id, now);
          const left = await lockActionRecords(tx, action.id);
          if (!left.length) {
            await finishAction(
              tx,
              action.id,
              { status: 'failed', reference: null, errorCode: null, answer: null },
              now,
            );
            return 'failed' as const;
          }
          await requeueAction(tx, action.id, { notBefore: null }, now);
          return 'requeued' as const;
        }
        case 'split': {
          // Which creator the platform refused is not said: halve until it is one.
          const half = Math.ceil(records.length / 2);
          const moved = records.slice(half);
          const base = (held.progress as { baseName?: string }).baseName ?? held.name ?? '';
          const path = (held.progress as { splitPath?: string }).splitPath ?? '';
          const [other] = await insertActions(tx, [
            {
              userId: action.userId,
              taskId: action.taskId,
              shopId: action.shopId,
              platform: held.platform,
              kind: held.kind,
              idempotencyKey: `${held.idempotencyKey}.b`,
              batch: held.batch,
              batches: held.batches,
              name: splitName(base, `${path}b`),
              progress: { baseName: base, splitPath: `${path}b` },
              createdAt: now,
              updatedAt: now,
            },
          ]);
          await moveRecordsToActions(
            tx,
            moved.map((r) => ({ recordId: r.id, actionId: other!.id })),
            null,
            now,
          );
          await releaseActionRecords(tx, action.id, now);
          await updateAction(tx, action.id, {
            idempotencyKey: `${held.idempotencyKey}.a`,
            name: splitName(base, `${path}a`),
            progress: { baseName: base, splitPath: `${path}a` },
          });
          await requeueAction(tx, action.id, { notBefore: null }, now);
          return 'requeued' as const;
        }
        case 'fail_all': {
          await failRecords(
            tx,
            records.map((r) => r.id),
            outcome.failure,
            now,
          );
          await finishAction(
            tx,
            action.id,
            {
              status: 'failed',
              reference: null,
              errorCode: outcome.failure.code,
              answer: outcome.failure.answer,
              talents: records.length,
            },
            now,
          );
          return 'failed' as const;
        }
        case 'pause_shop': {
          await releaseActionRecords(tx, action.id, now);
          await requeueAction(
            tx,
            action.id,
            {
              notBefore: outcome.resumesAt,
              errorCode: outcome.failure.code,
              answer: outcome.failure.answer,
            },
            now,
          );
          await this.pauseShop(tx, action, outcome, now);
          return 'requeued' as const;
        }
        case 'retry_later': {
          await releaseActionRecords(tx, action.id, now);
          await requeueAction(
            tx,
            action.id,
            {
              notBefore: outcome.notBefore,
              errorCode: outcome.failure.code,
              answer: outcome.failure.answer,
            },
            now,
          );
          return 'requeued' as const;
        }
        case 'unknown': {
          // Its records stay running: whether they were sent is read from the platform next.
          await requeueAction(
            tx,
            action.id,
            {
              notBefore: outcome.notBefore,
              errorCode: outcome.failure.code,
              answer: outcome.failure.answer,
              keepCallStarted: true,
            },
            now,
          );
          return 'requeued' as const;
        }
      }
    });
    await this.changed([action.userId]);
    return result;
  }

  /** The shop's actions wait: its pause written (the seller told of a lost authorization once). */
  private async pauseShop(
    tx: Executor,
    action: ActionRow,
    pause: { failure: Failure; resumesAt: Date | null; timeZone: string },
    now: Date,
  ): Promise<void> {
    const [before] = await pausesOf(tx, action.userId, [action.shopId], now);
    const reason = PAUSE_REASONS.has(pause.failure.code) ? pause.failure.code : 'shop_ineligible';
    await upsertPause(tx, {
      shopId: action.shopId,
      userId: action.userId,
      reason,
      resumesAt: pause.resumesAt,
      timeZone: pause.timeZone,
      answer: pause.failure.answer,
      since: now,
    });
    // The seller is told once per stop (a reconnect lifts it; a later loss tells again).
    if (pause.resumesAt === null && !(before && before.resumesAt === null)) {
      await this.tellAuthorizationLost(tx, action, pause.failure, now);
    }
  }

  /** The seller is told once per stop that a shop's authorization must be renewed. */
  private async tellAuthorizationLost(
    tx: Executor,
    action: ActionRow,
    failure: Failure,
    now: Date,
  ): Promise<void> {
    const shop = await findShop(tx, action.userId, action.shopId);
    await postMessage(tx, {
      userId: action.userId,
      kind: 'platformAuthorizationLost',
      params: {
        connectionId: shop?.connectionId ?? 0,
        sellerName: shop?.shopName ?? '',
        shopNames: shop?.shopName ?? '',
        platform: action.platform,
        errorCode: failure.code,
      },
      dedupeKey: `platformAuthorizationLost:${action.shopId}:${now.toISOString()}`,
    });
  }
}

/** A conflict names its creators and products: those records fail, the rest are sent again. */
function conflictFailures(
  error: TikTokShopError,
  records: readonly SendRecordRow[],
): RecordFailure[] {
  const products = new Map<string, string[]>();
  for (const c of error.conflicts) {
    products.set(c.creatorOpenId, [...(products.get(c.creatorOpenId) ?? []), c.productId]);
  }
  return records.flatMap((record) => {
    const openId =
      record.identity?.platform === 'tiktok' ? record.identity.creatorUserOpenId : null;
    const ids = openId ? products.get(openId) : undefined;
    if (!ids) return [];
    const failure = failureOf(error);
    return [
      {
        recordId: record.id,
        ...failure,
        message: `${failure.message} (product_id: ${ids.join(', ')})`,
      },
    ];
  });
}

/** Thrown when a step finds its action taken over by another executor. */
class LeaseLostError extends Error {
  constructor(readonly actionId: number) {
    super(`lease of platform action ${actionId} lost`);
  }
}

/** The name of a half of a split batch: the base cut to fit, then its path (" a", " ab"…). */
export function splitName(base: string, path: string): string {
  const suffix = ` ${path}`;
  return (
    [...base]
      .slice(0, 30 - suffix.length)
      .join('')
      .trimEnd() + suffix
  );
}
