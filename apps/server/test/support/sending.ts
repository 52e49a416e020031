import {
  apiPaths,
  type BrowserActionReport,
  type BrowserClaimData,
  type BrowserRecordErrorCode,
  type ClaimedBrowserAction,
  type PlanId,
  type SendTaskBody,
  type SendTaskResult,
  type Shop,
  type ShopChangeData,
  type ShopIdentityBody,
} from '@inviteflow/contract';
import { membershipPeriods } from '../../src/db/schema.ts';
import type { Harness } from './harness.ts';

const DAY_MS = 86_400_000;

/**
 * A paid plan for a test account, written straight into membership_periods (buying one
 * is the membership feature's, tested there).
 */
export async function grantPlan(
  h: Harness,
  userId: number,
  planId: PlanId,
  period: { startsAt?: Date; endsAt?: Date } = {},
) {
  const startsAt = period.startsAt ?? new Date(Date.now() - DAY_MS);
  const endsAt = period.endsAt ?? new Date(Date.now() + 30 * DAY_MS);
  await h.app.db
    .insert(membershipPeriods)
    .values({ userId, planId, startsAt, endsAt, source: 'order' });
}

let shopCounter = 0;
export function shopIdentity(overrides: Partial<ShopIdentityBody> = {}): ShopIdentityBody {
  shopCounter += 1;
  return {
    platform: 'douyin',
    shopName: `旗舰店${shopCounter}`,
    siteName: '中国站',
    shopCode: `SHOP${process.pid}_${shopCounter}`,
    ...overrides,
  };
}

/** Binds a new shop by hand and answers it (throws when refused). */
export async function bindNewShop(
  h: Harness,
  token: string,
  overrides: Partial<ShopIdentityBody> = {},
): Promise<Shop> {
  const res = await h.api.post<ShopChangeData>(apiPaths.shops.list, shopIdentity(overrides), {
    token,
  });
  if (res.status !== 200) throw new Error(`bind failed: ${JSON.stringify(res.body)}`);
  return res.body.data.shop;
}

/** Creates a task and answers its result (throws when refused). */
export async function createTask(
  h: Harness,
  token: string,
  body: SendTaskBody,
): Promise<SendTaskResult> {
  const res = await h.api.post<SendTaskResult>(apiPaths.sendRecords.list, body, { token });
  if (res.status !== 200) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The clock every rule of the app reads, moved by `ms` from now. */
export function moveClock(h: Harness, ms: number): Date {
  const at = new Date(Date.now() + ms);
  h.app.clock.now = () => new Date(at.getTime());
  return at;
}

/** A script template and product templates of the account, made through the API. */
export async function makeTemplates(h: Harness, token: string, script: string) {
  const made = await h.api.post<{ id: number }>(
    apiPaths.templates.scripts,
    { content: script },
    { token },
  );
  const products: Array<{ id: number }> = [];
  for (const [productId, productName] of [
    ['P-100', '玻尿酸面膜'],
    ['P-200', '防晒喷雾'],
  ]) {
    const res = await h.api.post<{ id: number }>(
      apiPaths.templates.products,
      { productId, productName },
      { token },
    );
    products.push(res.body.data);
  }
  return { scriptId: made.body.data.id, productIds: products.map((p) => p.id) };
}

/** A create body with sensible settings; talents and filter come from the test. */
export function taskBody(shopId: number, overrides: Partial<SendTaskBody> = {}): SendTaskBody {
  return {
    shopId,
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    script: '你好 {talentName}，{shopName} 邀请你带货：{productNames}',
    setName: '春季新品',
    ...overrides,
  };
}

/** What a browser run answers for one record: sent, failed with a code about the talent (and the platform's words), or not tried. */
export type BrowserRun =
  'sent' | BrowserRecordErrorCode | { errorCode: BrowserRecordErrorCode; message: string } | null;

/**
 * Settles records as the extension's browser channel does (issue 17): claims the next browser
 * action of `shopId` with `token` (an extension session's, or a console token), marks its send
 * started and reports each record's outcome as `decide` says (null: not attempted, back to
 * pending). Answers the action's records as handed out. Throws when nothing is handed out.
 */
export async function runBrowserAction(
  h: Harness,
  token: string,
  shopId: number,
  decide: (record: ClaimedBrowserAction['records'][number], index: number) => BrowserRun = () =>
    'sent',
): Promise<{ actionId: number; records: ClaimedBrowserAction['records'] }> {
  const claimed = await h.api.post<BrowserClaimData>(
    apiPaths.extension.claim,
    { shopId },
    { token },
  );
  if (claimed.status !== 200 || !claimed.body.data.action) {
    throw new Error(`nothing claimed: ${JSON.stringify(claimed.body)}`);
  }
  const action = claimed.body.data.action;
  const started = await h.api.post(
    apiPaths.extension.started(action.id),
    { leaseId: action.leaseId },
    { token },
  );
  if (started.status !== 200) throw new Error(`started failed: ${JSON.stringify(started.body)}`);
  const outcomes: BrowserActionReport['outcomes'] = [];
  action.records.forEach((record, index) => {
    const run = decide(record, index);
    if (run === 'sent') outcomes.push({ recordId: record.id, result: 'sent' });
    else if (typeof run === 'string')
      outcomes.push({ recordId: record.id, result: 'failed', errorCode: run });
    else if (run) outcomes.push({ recordId: record.id, result: 'failed', ...run });
  });
  const reported = await h.api.post(
    apiPaths.extension.report(action.id),
    { leaseId: action.leaseId, packVersion: action.pack.version, outcomes },
    { token },
  );
  if (reported.status !== 200) throw new Error(`report failed: ${JSON.stringify(reported.body)}`);
  return { actionId: action.id, records: action.records };
}
