import { applyCreatorEvents, type CreatorEvent } from '../../send-records/index.ts';
import { createdPlans } from '../actions/index.ts';
import { DOUDIAN_LIMITS, type PlanAuthor } from '../doudian/index.ts';
import type { SyncKind, SyncShop } from './kind.ts';
import type { SyncKindDeps } from './kinds.ts';

/** Plans made longer ago than this are no longer read. */
const FOLLOWED_FOR_MS = 90 * 86_400_000;
/** Pages of buyin.orienPlanAuthors read per step (one call each). */
const PAGES_PER_STEP = 10;
/** buyin.orienPlanAuthors `page_size`: "每页数目，最大40，默认20". */
const PAGE_SIZE = DOUDIAN_LIMITS.planAuthorsPageSizeMax;
/** `audit_status` 1: "生效中". */
const IN_FORCE = 1;

/** The plan being read (the one after `afterActionId`) and its next page. */
type Cursor = { afterActionId: number; page: number };

/**
 * douyin.plan_authors: which 达人 of the 定向计划 our actions made are in force, read from
 * buyin.orienPlanAuthors (查询定向计划作者列表, op.jinritemai.com/docs/api-docs/61/709; its fields
 * as the generated SDK carries them: github:sevencat/ecommerce_sdk
 * ecommerce_sdk/douyin/BuyinOrienPlanAuthors.cs, and
 * github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance …/Models/Buyin/OrientPlan/
 * BuyinOrientPlanAuthorsResponse.cs). What the documents say, and what it makes of it:
 * - `audit_status` "1 生效中(默认) 2 待审核 3 审核拒绝" (the request's filter and the answer's
 *   field). 1 is a 达人 the plan is in force for: added by the shop (orienPlanAuthorsAdd), or
 *   whose application the shop approved (orienPlanAudit "1：通过"). That is `accepted`, at
 *   `apply_suc_time` ("申请通过时间戳") when the platform gives it.
 * - 2 and 3 are the shop's review of a 达人's own application (orienPlanAudit "1：通过；2：拒绝"):
 *   waiting for the seller, or refused by the seller. Neither is the 达人 declining: no event.
 * - `end_time` "达人移除时间（商家未修改时和计划结束时间一致）": when the 达人 leaves the plan, the
 *   plan's end unless the shop changed it. The shop's doing, not the 达人's: no `expired` event.
 * So 抖店's open API tells no decline and no expiry of a 定向计划 invitation by the 达人 (a 达人
 * the shop added is in force at once); this kind reads `accepted` only, and says so.
 * One fact per plan and 达人 (`${planId}:${buyinId}`), so re-reading moves nothing twice. A
 * step reads up to PAGES_PER_STEP pages of the plans in the order they were made; the pass
 * after the last plan starts from the first again.
 */
export function doudianPlanAuthors(deps: SyncKindDeps): SyncKind<Cursor> {
  return {
    name: 'douyin.plan_authors',
    platform: 'douyin',
    everyMs: 60_000,
    async step(shop, cursor, now) {
      let position: Cursor = cursor ?? { afterActionId: 0, page: 1 };
      const events: CreatorEvent[] = [];
      let pages = 0;
      let done = false;
      while (pages < PAGES_PER_STEP) {
        const [plan] = await createdPlans(deps.db, shop.shopId, {
          afterActionId: position.afterActionId,
          since: new Date(now.getTime() - FOLLOWED_FOR_MS),
          limit: 1,
        });
        if (!plan) {
          done = true;
          break;
        }
        const { authors } = await deps.connections.withDoudianShopApi(
          shop.userId,
          shop.shopId,
          (api) =>
            api.client.listOrienPlanAuthors(api.access, {
              planId: plan.planId,
              auditStatus: IN_FORCE,
              page: position.page,
              pageSize: PAGE_SIZE,
            }),
          { now: () => now },
        );
        pages++;
        events.push(...planAuthorEvents(shop, plan.planId, authors, now));
        position =
          authors.length < PAGE_SIZE
            ? { afterActionId: plan.actionId, page: 1 }
            : { afterActionId: position.afterActionId, page: position.page + 1 };
      }
      const result = await applyCreatorEvents(deps.db, events);
      if (result.accounts.length) await deps.changed(result.accounts);
      return done
        ? { cursor: null, applied: result.applied, more: false }
        : { cursor: position, applied: result.applied, more: true };
    },
  };
}

/** The facts a page of a plan's 达人 tells: each 达人 in force accepted. */
export function planAuthorEvents(
  shop: SyncShop,
  planId: string,
  authors: readonly PlanAuthor[],
  now: Date,
): CreatorEvent[] {
  return authors
    .filter((author) => author.auditStatus === IN_FORCE)
    .map((author) => ({
      userId: shop.userId,
      shopId: shop.shopId,
      shopName: shop.shopName,
      stage: 'accepted' as const,
      key: `${planId}:${author.buyinId}`,
      at: author.joinedAt ?? now,
      creator: { buyinId: author.buyinId },
      reference: { planId },
    }));
}
