import { randomBytes } from 'node:crypto';
import {
  apiPaths,
  type BrowserClaimData,
  type ExportTicket,
  type ExtensionSessionData,
  type PurchaseData,
} from '@inviteflow/contract';
import { and, desc, eq } from 'drizzle-orm';
import {
  creatorConversations,
  creatorMessages,
  inboxMessages,
  sampleRequests,
  sendRecords,
  taskFollowUps,
} from '../../../src/db/schema.ts';
import { postMessage } from '../../../src/modules/messages/post.ts';
import { signedIn, type Harness } from '../../support/harness.ts';
import { bindNewShop, createTask, grantPlan, taskBody } from '../../support/sending.ts';
import { addTalent } from '../../support/talents.ts';

/**
 * A string put into every name, text and remark account A owns: an answer to anybody
 * else that holds it has leaked A's data.
 */
export const MARK = 'ZqxAlphaMark';

export interface Account {
  userId: number;
  token: string;
  refreshToken: string;
  username: string;
  phoneNumber: string;
  password: string;
}

async function account(h: Harness): Promise<Account> {
  const { user, tokens, token } = await signedIn(h);
  return {
    userId: tokens.user.id,
    token,
    refreshToken: tokens.refresh_token,
    username: user.username,
    phoneNumber: user.phoneNumber,
    password: user.password,
  };
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial += 1)}${randomBytes(2).toString('hex')}`;

/**
 * Makes fresh rows of one account through the real calls (a few straight into the
 * database where only an event makes them: messages). Every maker answers a new row,
 * so a case may change or delete what it was given.
 */
export class Owner {
  constructor(
    private readonly h: Harness,
    readonly account: Account,
  ) {}

  private async post<T>(url: string, body: unknown): Promise<T> {
    const res = await this.h.api.post<T>(url, body, { token: this.account.token });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  talent(): Promise<{ id: number }> {
    return addTalent(this.h, this.account.token, {
      name: `${MARK}达人${(serial += 1)}`,
      platformTalentId: `A${unique()}`,
      shopName: `${MARK}店`,
      labels: [MARK.slice(0, 12)],
      contactMethod: 'email',
      contactInfo: `${MARK}@example.com`,
    });
  }

  async followUp(): Promise<{ talentId: number; id: number }> {
    const talent = await this.talent();
    const made = await this.post<{ id: number }>(apiPaths.talents.followUps(talent.id), {
      content: `${MARK} follow-up`,
    });
    return { talentId: talent.id, id: made.id };
  }

  blacklistEntry(): Promise<{ id: number }> {
    return this.post(apiPaths.blacklist.list, {
      talentName: `${MARK}黑名单`,
      platformTalentId: `B${unique()}`,
      fansCount: 10,
      reason: `${MARK} reason`,
    });
  }

  scriptTemplate(): Promise<{ id: number }> {
    return this.post(apiPaths.templates.scripts, {
      content: `${MARK} 你好 {talentName}`,
      remark: MARK,
    });
  }

  productTemplate(): Promise<{ id: number }> {
    return this.post(apiPaths.templates.products, {
      productId: `P${unique()}`,
      productName: `${MARK}商品`,
      remark: MARK,
    });
  }

  shop(): Promise<{ id: number }> {
    return bindNewShop(this.h, this.account.token, {
      shopName: `${MARK}旗舰店${(serial += 1)}`,
      shopCode: `S${unique()}`,
    });
  }

  /** A pending send record (its shop and talent new too). */
  async sendRecord(): Promise<{ id: number; taskId: number; shopId: number }> {
    const shop = await this.shop();
    const talent = await this.talent();
    const task = await createTask(
      this.h,
      this.account.token,
      taskBody(shop.id, { talentIds: [talent.id], setName: `${MARK}集合` }),
    );
    const [row] = await this.h.app.db
      .select({ id: sendRecords.id })
      .from(sendRecords)
      .where(eq(sendRecords.taskId, task.taskId));
    return { id: row!.id, taskId: task.taskId, shopId: shop.id };
  }

  /**
   * A scheduled follow-up of a new task (issue 19). Written directly: the task's shop is bound
   * by hand, which cannot schedule follow-ups through the API (only a connected TikTok shop).
   */
  async taskFollowUp(): Promise<{ id: number; taskId: number }> {
    const record = await this.sendRecord();
    const [row] = await this.h.app.db
      .insert(taskFollowUps)
      .values({
        userId: this.account.userId,
        taskId: record.taskId,
        step: 1,
        afterDays: 3,
        script: `${MARK} follow-up`,
      })
      .returning({ id: taskFollowUps.id });
    return { id: row!.id, taskId: record.taskId };
  }

  /**
   * A conversation with a creator (issue 19) in a new shop, its talent new too, with one
   * creator message waiting for an answer: written as the platform sync stores one.
   */
  async conversation(): Promise<{ id: number; talentId: number; shopId: number }> {
    const shop = await this.shop();
    const talent = await this.talent();
    const now = new Date();
    const [row] = await this.h.app.db
      .insert(creatorConversations)
      .values({
        userId: this.account.userId,
        shopId: shop.id,
        platform: 'tiktok',
        platformConversationId: `74${Date.now()}${(serial += 1)}`,
        talentId: talent.id,
        creatorUsername: `${MARK}creator`,
        creatorImId: '2000',
        unreadCount: 1,
        lastMessageAt: now,
        lastMessagePreview: MARK,
        awaitingReplySince: now,
      })
      .returning({ id: creatorConversations.id });
    await this.h.app.db.insert(creatorMessages).values({
      conversationId: row!.id,
      userId: this.account.userId,
      platformMessageId: `745${Date.now()}${(serial += 1)}`,
      sender: 'creator',
      type: 'TEXT',
      content: { content: MARK },
      sentAt: now,
    });
    return { id: row!.id, talentId: talent.id, shopId: shop.id };
  }

  /** A pending browser action (its task's one record, shop and talent new too). */
  async browserAction(): Promise<{ id: number; recordId: number; shopId: number }> {
    const record = await this.sendRecord();
    const [row] = await this.h.app.db
      .select({ actionId: sendRecords.actionId })
      .from(sendRecords)
      .where(eq(sendRecords.id, record.id));
    return { id: row!.actionId!, recordId: record.id, shopId: record.shopId };
  }

  /** A connected browser (the extension's own session). */
  async browser(): Promise<{ id: string }> {
    const made = await this.post<ExtensionSessionData>(apiPaths.extension.sessions, {
      name: `${MARK} browser`,
      browser: MARK,
    });
    return { id: made.sessionId };
  }

  async order(): Promise<{ orderNo: string }> {
    const data = await this.post<PurchaseData>(apiPaths.membership.purchase, {
      planId: 'basic',
      paymentMethod: 'alipay',
    });
    return { orderNo: data.orderId };
  }

  /** A message as a real event posts it (a shop's binding expired). */
  async message(): Promise<{ id: number }> {
    const dedupeKey = `security:${unique()}`;
    await postMessage(this.h.app.db, {
      userId: this.account.userId,
      kind: 'shopBindExpired',
      params: { shopId: 1, shopName: `${MARK}过期店`, platform: 'douyin' },
      dedupeKey,
    });
    const [row] = await this.h.app.db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(
        and(eq(inboxMessages.userId, this.account.userId), eq(inboxMessages.dedupeKey, dedupeKey)),
      )
      .orderBy(desc(inboxMessages.id));
    return row!;
  }

  /** A pending sample request of a new shop, as the samples sync writes one. */
  async sample(): Promise<{ id: number }> {
    const shop = await this.shop();
    const [row] = await this.h.app.db
      .insert(sampleRequests)
      .values({
        userId: this.account.userId,
        shopId: shop.id,
        platform: 'tiktok',
        platformApplicationId: `57${Date.now()}${(serial += 1)}`,
        creatorName: `${MARK}达人`,
        creatorUsername: `${MARK.toLowerCase()}_creator`,
        productTitle: `${MARK}商品`,
        status: 'pending',
        platformStatus: 'PENDING',
        approveExpiresAt: new Date(Date.now() + 3 * 86_400_000),
        appliedAt: new Date(),
      })
      .returning({ id: sampleRequests.id });
    return { id: row!.id };
  }

  talentExport(): Promise<ExportTicket> {
    return this.post(apiPaths.talents.exports, { format: 'csv' });
  }

  recordExport(): Promise<ExportTicket> {
    return this.post(apiPaths.sendRecords.export, { format: 'csv' });
  }
}

export interface World {
  a: Owner;
  b: Owner;
  /** A's rows of every kind, made once: what the lists must not show B. */
  seeded: {
    talent: { id: number };
    record: { id: number; taskId: number; shopId: number };
    scriptTemplate: { id: number };
    productTemplate: { id: number };
    message: { id: number };
    conversation: { id: number; talentId: number; shopId: number };
    sample: { id: number };
  };
  /** B's own bound shop and talent, for calls that mix B's ids with A's. */
  bShop: { id: number };
  bTalent: { id: number };
  /** B's own browser action waiting for a reconcile (its one record in doubt). */
  bInDoubt: { actionId: number; recordId: number };
}

/** A browser action of the account claimed and reported `unknown`: it waits for a reconcile. */
async function inDoubt(h: Harness, token: string, shopId: number, talentId: number) {
  await createTask(h, token, taskBody(shopId, { talentIds: [talentId] }));
  const claimed = await h.api.post<BrowserClaimData>(
    apiPaths.extension.claim,
    { shopId },
    { token },
  );
  const action = claimed.body.data.action!;
  const recordId = action.records[0]!.id;
  const reported = await h.api.post(
    apiPaths.extension.report(action.id),
    { leaseId: action.leaseId, packVersion: action.pack.version, unknown: [recordId] },
    { token },
  );
  if (reported.status !== 200) throw new Error(`report: ${JSON.stringify(reported.body)}`);
  return { actionId: action.id, recordId };
}

/**
 * Two sellers on paid plans (room for many shops and records): A owns one of
 * everything, B owns a shop and a talent.
 */
export async function makeWorld(h: Harness): Promise<World> {
  const a = new Owner(h, await account(h));
  const b = new Owner(h, await account(h));
  await grantPlan(h, a.account.userId, 'enterprise');
  await grantPlan(h, b.account.userId, 'enterprise');
  const seeded = {
    talent: await a.talent(),
    record: await a.sendRecord(),
    scriptTemplate: await a.scriptTemplate(),
    productTemplate: await a.productTemplate(),
    message: await a.message(),
    conversation: await a.conversation(),
    sample: await a.sample(),
  };
  await a.followUp();
  await a.blacklistEntry();
  await a.order();
  const bShop = await bindNewShop(h, b.account.token, { shopCode: `BS${unique()}` });
  const bTalent = await addTalent(h, b.account.token, { platformTalentId: `BT${unique()}` });
  const bInDoubt = await inDoubt(h, b.account.token, bShop.id, bTalent.id);
  return { a, b, seeded, bShop, bTalent, bInDoubt };
}
