import { receiveShopApplications, ratioNow } from './buyin.ts';
import { doudianErrors as E, DoudianRefusal } from './errors.ts';
import type { GatewayContext } from './gateway.ts';
import * as repo from './repository.ts';
import type { DoudianSandbox } from './sandbox.ts';
import { authorNumber, memberOrders, sandboxAuthor, type SandboxOrderSeed } from './world.ts';

/**
 * 精选联盟 orders: alliance.getOrderList (查询联盟达人佣金订单明细, "order_ids一次最多传入5个订单"),
 * with the request and answer of the generated C# SDK `ecommerce.sdk.douyin`
 * (AllianceGetOrderListReq / Rsp) and github:fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance
 * Models/Alliance/AllianceGetOrderList* with its ModelSamples (page
 * op.jinritemai.com/docs/api-docs/46/469). The method reads orders by id; it lists none.
 *
 * The orders are the sandbox's seeded sales (world.ts `memberOrders`): each 达人 in force in a
 * plan sells 0–3 orders after joining, computed, not stored. Their ids carry the row's
 * `apply_id` and the order's number, so an id finds its order again.
 */

export const MAX_ORDER_IDS = 5;
const DAY_MS = 86_400_000;

/** 19 digits like the sample's `4790957107260097836`: 48, the apply_id (14), the number (3). */
function orderIdOf(applyId: number, index: number): string {
  return `48${String(applyId).padStart(14, '0')}${String(index).padStart(3, '0')}`;
}

function parseOrderId(id: string): { applyId: number; index: number } | null {
  const m = /^48(\d{14})(\d{3})$/.exec(id);
  return m ? { applyId: Number(m[1]), index: Number(m[2]) } : null;
}

/** The order's state at `now`: 支付成功, then 确认收货 after a day (or 退款), 结算 after 7. */
function statusAt(seed: SandboxOrderSeed, paidAt: Date, now: Date): string {
  const age = now.getTime() - paidAt.getTime();
  if (age < DAY_MS) return '支付成功';
  if (seed.refunded) return '退款';
  return age < 7 * DAY_MS ? '确认收货' : '结算';
}

interface SeededOrder {
  orderId: string;
  paidAt: Date;
  member: repo.SandboxPlanAuthor;
  plan: repo.SandboxPlan;
  seed: SandboxOrderSeed;
}

/** A member's orders paid by `now`. */
function paidOrders(member: repo.SandboxPlanAuthor, plan: repo.SandboxPlan, now: Date) {
  const joined = (member.decidedAt ?? member.addedAt).getTime();
  const out: SeededOrder[] = [];
  for (const seed of memberOrders(member.applyId)) {
    const paidAt = new Date(joined + seed.afterSeconds * 1000);
    if (paidAt > now) continue;
    out.push({ orderId: orderIdOf(member.applyId, seed.index), paidAt, member, plan, seed });
  }
  return out;
}

async function answerOf(sandbox: DoudianSandbox, order: SeededOrder, now: Date) {
  const [product] = await repo.productsByIds(sandbox.db, [order.plan.productId]);
  const author = sandboxAuthor(authorNumber(order.member.buyinId)!);
  const pay = (product?.priceFen ?? 0) * order.seed.quantity;
  // "达人佣金率，以万为基数，比如3000，就是30%": the plan's whole percent at payment, × 100.
  const rate = ratioNow(order.plan, order.paidAt) * 100;
  const estimated = Math.round((pay * rate) / 10_000);
  const status = statusAt(order.seed, order.paidAt, now);
  return {
    order_id: order.orderId,
    product_id: order.plan.productId,
    author_account: author.nickname,
    short_id: author.shortId,
    total_pay_amount: pay,
    commission_rate: rate,
    estimated_comission: status === '退款' ? 0 : estimated,
    real_comission: status === '结算' ? estimated : 0,
    order_status: status,
    shop_id: order.plan.shopId,
    alliance_biz_type: 'COMMON',
    phase_id: 1,
  };
}

/**
 * alliance.getOrderList: `order_ids` 1–5 (else 257); each id of the shop's seeded orders paid
 * by now is answered, any other is left out (the sources are silent: README.md "Choices").
 * `data.code` "100000" and `code_msg` "success", as the .NET sample answers.
 */
export async function allianceGetOrderList(sandbox: DoudianSandbox, ctx: GatewayContext) {
  const shop = ctx.shop!;
  const raw = ctx.params.order_ids;
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_ORDER_IDS)
    throw new DoudianRefusal(E.paramsInvalid, `order_ids：1–${MAX_ORDER_IDS}个`);
  const ids = raw.map((v) =>
    typeof v === 'string' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : null,
  );
  if (ids.some((id) => id === null)) throw new DoudianRefusal(E.paramsInvalid, 'order_ids');
  if (shop.promotionClosed) throw new DoudianRefusal(E.promotionClosed);
  const datas = [];
  for (const id of new Set(ids as string[])) {
    const parsed = parseOrderId(id);
    if (!parsed) continue;
    const member = await repo.planAuthorByApplyId(sandbox.db, parsed.applyId);
    if (!member || member.shopId !== shop.id || member.auditStatus !== 1) continue;
    const plan = await repo.planById(sandbox.db, member.planId);
    if (!plan) continue;
    const order = paidOrders(member, plan, ctx.now).find((o) => o.orderId === id);
    if (order) datas.push(await answerOf(sandbox, order, ctx.now));
  }
  return { code: '100000', code_msg: 'success', datas };
}

/**
 * The shop's seeded orders paid by now, oldest first: the sandbox's control, standing in for
 * the platform's other ways to learn order ids (order lists, message pushes), which this
 * sandbox does not play.
 */
export async function shopOrders(sandbox: DoudianSandbox, shopId: string) {
  const now = sandbox.now();
  await receiveShopApplications(sandbox, shopId, now);
  const orders = (await repo.membersInForce(sandbox.db, shopId)).flatMap(({ member, plan }) =>
    paidOrders(member, plan, now),
  );
  orders.sort(
    (a, b) => a.paidAt.getTime() - b.paidAt.getTime() || (a.orderId < b.orderId ? -1 : 1),
  );
  return orders.map((o) => ({
    order_id: o.orderId,
    paid_at: o.paidAt.toISOString(),
    plan_id: o.plan.id,
    buyin_id: o.member.buyinId,
    status: statusAt(o.seed, o.paidAt, now),
  }));
}
