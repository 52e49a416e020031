import {
  apiPaths,
  type ConversationMessagesPage,
  type ConversationSendResult,
  type FollowUp,
  type MessageData,
  type RecordConversation,
  type Talent,
  type TalentConversations,
} from '@inviteflow/contract';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  creatorEvents,
  creatorMessages,
  platformSyncCursors,
  sendRecords,
} from '../src/db/schema.ts';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { seedTalents } from './support/talents.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  drain,
  records,
  seller,
  talentsFor,
  tiktokSandboxCalls,
  tiktokTask,
} from './support/platform-actions.ts';
import { createTask } from './support/sending.ts';

/**
 * Conversations (issue 19): the sandbox TikTok Shop's fixed creator n % 50 = 4 replies 3
 * minutes after each seller message. A free connection invitation opens the conversation; the
 * tiktok.conversations sync stores the reply once (however often it reads), the record reaches
 * `replied`, its talent moves to communicating with a system follow-up, the message box has a
 * Todo; the seller's answer from the console reads the Todo.
 */

const port = await freePort();
const paths = apiPaths.conversations;

async function invited(h: Harness, n = 4) {
  const s = await seller(h);
  const creator = sandboxCreator('US', n);
  const [talentId] = await talentsFor(h, s, [creator]);
  const task = await createTask(
    h,
    s.token,
    tiktokTask(s, [talentId!], {
      taskType: 'free_connection',
      script: 'Hi {talentName}, {shopName} would love to work with you',
      collaborationName: null,
      endsAt: null,
      commissionRates: {},
      contactEmail: null,
    }),
  );
  await drain(h);
  const [record] = await records(h, s.token, task.taskId);
  expect(record).toMatchObject({ status: 'success' });
  return { s, creator, talentId: talentId!, record: record!, taskId: task.taskId };
}

/**
 * Moves the sandbox's clock by `minutes` (the creators' time) and ours by a little more than
 * the sync's period, so its cursors are due (the sandbox runs from our clock, and checks the
 * signed timestamps, real time, against it: ours stays within its 5 minutes).
 */
function advance(h: Harness, minutes: number) {
  h.app.tiktokShopSandbox!.advanceClock(minutes * 60);
  const at = new Date(h.app.clock.now().getTime() + 61_000);
  h.app.clock.now = () => at;
}

async function todos(h: Harness, token: string): Promise<MessageData[]> {
  const res = await h.api.get<{ list: MessageData[] }>(
    `${apiPaths.messages.list}?type=todo&pageSize=50`,
    { token },
  );
  return res.body.data.list.filter((m) => m.kind === 'creatorReplied');
}

async function recordConversation(h: Harness, token: string, recordId: number) {
  const res = await h.api.get<RecordConversation>(paths.ofRecord(recordId), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function messages(h: Harness, token: string, conversationId: number) {
  const res = await h.api.get<ConversationMessagesPage>(paths.messages(conversationId), {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list;
}

async function followUps(h: Harness, token: string, id: number): Promise<FollowUp[]> {
  const res = await h.api.get<{ list: FollowUp[] }>(apiPaths.talents.followUps(id), { token });
  return res.body.data.list;
}

async function talentStatus(h: Harness, token: string, id: number) {
  const res = await h.api.get<Talent>(apiPaths.talents.one(id), { token });
  return res.body.data.status;
}

/** Another account: a talent and a product template of its own, no shop. */
async function otherAccount(h: Harness) {
  const account = await signedIn(h);
  const product = await h.api.post<{ id: number }>(
    apiPaths.templates.products,
    { productId: '1729000000000000001', productName: 'Other product' },
    { token: account.token },
  );
  const [talent] = await seedTalents(h, account.tokens.user.id, [
    { name: 'other_talent', platform: 'tiktok', platformTalentId: 'other_talent' },
  ]);
  return {
    token: account.token,
    userId: account.tokens.user.id,
    talentId: talent!.id,
    productTemplateIds: [product.body.data.id],
  };
}

function send(h: Harness, s: { token: string }, body: unknown, lang?: string) {
  return h.api.post<ConversationSendResult>(paths.send, body, { token: s.token, lang });
}

describeApi(
  'conversations: replies, the Todo, answers from the console',
  (h) => {
    listenEachTest(h, port);

    it('stores a reply once, moves the record and the talent, and answering reads the Todo', async () => {
      const { s, talentId, record, taskId } = await invited(h());
      // The seller wrote last: nothing is unread nor unreplied yet.
      expect(await h().app.platformSync.runDue()).toBe(0);
      const before = await recordConversation(h(), s.token, record.id);
      expect(before).toMatchObject({ conversation: null, canStart: true, talentId });

      advance(h(), 4);
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      const read = await recordConversation(h(), s.token, record.id);
      const conversation = read.conversation!;
      expect(conversation).toMatchObject({ talentId, shopId: s.shop.id });
      expect(conversation.awaitingReplySince).not.toBeNull();
      expect(conversation.unreadCount).toBe(1);
      expect(conversation.sellerMessagesLeft).toBeNull();
      const list = await messages(h(), s.token, conversation.id);
      expect(list.map((m) => [m.sender, m.type])).toEqual([
        ['seller', 'TEXT'],
        ['seller', 'PRODUCT_CARD'],
        ['seller', 'PRODUCT_CARD'],
        ['creator', 'TEXT'],
      ]);
      expect(list[0]!.text).toContain('would love to work with you');

      const [row] = await h()
        .app.db.select({ stage: sendRecords.stage, repliedAt: sendRecords.repliedAt })
        .from(sendRecords)
        .where(eq(sendRecords.taskId, taskId));
      expect(row!.stage).toBe('replied');
      expect(row!.repliedAt).not.toBeNull();
      expect(await talentStatus(h(), s.token, talentId)).toBe('communicating');
      expect((await followUps(h(), s.token, talentId)).map((f) => f.author)).toEqual(['system']);
      const [todo] = await todos(h(), s.token);
      expect(todo).toMatchObject({ status: 0, type: 'todo' });
      expect(todo!.content).toContain(s.shop.shopName);

      // Read again, and from the start as after a restart: nothing twice.
      advance(h(), 2);
      expect(await h().app.platformSync.runDue()).toBe(0);
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      expect(await h().app.platformSync.runDue()).toBe(0);
      const stored = await h()
        .app.db.select({ id: creatorMessages.id })
        .from(creatorMessages)
        .where(eq(creatorMessages.conversationId, conversation.id));
      expect(stored).toHaveLength(4);
      expect(await followUps(h(), s.token, talentId)).toHaveLength(1);
      expect(await todos(h(), s.token)).toHaveLength(1);

      // The seller answers: the turn is answered, the Todo read.
      const answer = await send(h(), s, {
        conversationId: conversation.id,
        message: { type: 'TEXT', text: 'Thanks! Shall I send you a sample?' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.conversation.awaitingReplySince).toBeNull();
      expect(answer.body.data.message).toMatchObject({ sender: 'seller', type: 'TEXT' });
      expect((await todos(h(), s.token)).map((t) => t.status)).toEqual([1]);
      const sent = await tiktokSandboxCalls(
        h(),
        `/affiliate_seller/202412/conversations/${record.platformReference!.conversationId}/messages`,
        'POST',
      );
      expect(sent.at(-1)!.body).toEqual({
        msg_type: 'TEXT',
        content: JSON.stringify({ content: 'Thanks! Shall I send you a sample?' }),
      });

      // The creator answers again: a new Todo, but no second `replied` fact nor follow-up.
      advance(h(), 4);
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      const again = await todos(h(), s.token);
      expect(again.map((t) => t.status).sort()).toEqual([0, 1]);
      expect(await followUps(h(), s.token, talentId)).toHaveLength(1);
      const facts = await h()
        .app.db.select({ kind: creatorEvents.kind })
        .from(creatorEvents)
        .where(eq(creatorEvents.shopId, s.shop.id));
      expect(facts.map((f) => f.kind)).toEqual(['replied']);

      // Opening the drawer marks it read, here and on the platform.
      const marked = await h().api.post(paths.read(conversation.id), {}, { token: s.token });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect((await recordConversation(h(), s.token, record.id)).conversation!.unreadCount).toBe(0);

      // The talent's drawer shows the same conversation.
      const ofTalent = await h().api.get<TalentConversations>(paths.ofTalent(talentId), {
        token: s.token,
      });
      expect(ofTalent.body.data.list.map((c) => c.id)).toEqual([conversation.id]);
    });

    it('never stores a reply without its fact: a write that fails keeps the messages new, and the next read applies it', async () => {
      const { s, talentId, taskId } = await invited(h());
      expect(await h().app.platformSync.runDue()).toBe(0);
      // The reply's fact cannot be written (as if the process died, or the database lost the
      // commit, between the messages and the fact).
      await h().app.db.execute(sql`
        create or replace function test_refuse_creator_event() returns trigger
          language plpgsql as $$ begin raise exception 'the fact cannot be written'; end $$`);
      await h().app.db.execute(sql`
        create trigger test_refuse_creator_event before insert on creator_events
          for each row execute function test_refuse_creator_event()`);
      try {
        advance(h(), 4);
        await h().app.platformSync.runDue();
      } finally {
        await h().app.db.execute(sql`drop trigger test_refuse_creator_event on creator_events`);
        await h().app.db.execute(sql`drop function test_refuse_creator_event()`);
      }
      const replied = async () =>
        (
          await h()
            .app.db.select({ stage: sendRecords.stage })
            .from(sendRecords)
            .where(eq(sendRecords.taskId, taskId))
        )[0]!.stage;
      expect(await replied()).not.toBe('replied');
      expect(await talentStatus(h(), s.token, talentId)).not.toBe('communicating');

      // The sync reads the conversation again (its cursor did not move): the reply applies.
      await h()
        .app.db.update(platformSyncCursors)
        .set({ dueAt: new Date(0), leasedUntil: null })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      expect(await replied()).toBe('replied');
      expect(await talentStatus(h(), s.token, talentId)).toBe('communicating');
      expect((await followUps(h(), s.token, talentId)).map((f) => f.author)).toEqual(['system']);
    });

    it('moves a talent with no record on its first reply in a conversation opened from the library, once', async () => {
      const s = await seller(h());
      // Three talents of the library, no invitation: one as added, one blacklisted, one the
      // seller set cooperating (neither moves; each gets its entry).
      const creators = [404, 454, 504].map((n) => sandboxCreator('US', n));
      const [fresh, black, cooperating] = (await talentsFor(h(), s, creators)) as [
        number,
        number,
        number,
      ];
      const opened: number[] = [];
      for (const talentId of [fresh, black, cooperating]) {
        const res = await send(h(), s, {
          talentId,
          shopId: s.shop.id,
          message: { type: 'TEXT', text: 'Hello from the library' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        opened.push(res.body.data.conversation.id);
      }
      const set = await h().api.post(
        apiPaths.talents.batchStatus,
        { ids: [cooperating], status: 'cooperating' },
        { token: s.token },
      );
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const listed = await h().api.post(
        apiPaths.talents.batchBlacklist,
        { ids: [black], reason: 'no more' },
        { token: s.token },
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const entries = async (id: number) =>
        (await followUps(h(), s.token, id))
          .filter((f) => f.author === 'system')
          .map((f) => [f.event!.stage, f.statusAtTime, f.event!.shopName]);

      advance(h(), 4);
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      expect(await talentStatus(h(), s.token, fresh)).toBe('communicating');
      expect(await talentStatus(h(), s.token, black)).toBe('blacklisted');
      expect(await talentStatus(h(), s.token, cooperating)).toBe('cooperating');
      const name = s.shop.shopName;
      expect(await entries(fresh)).toEqual([['replied', 'communicating', name]]);
      expect(await entries(black)).toEqual([['replied', 'blacklisted', name]]);
      expect(await entries(cooperating)).toEqual([['replied', 'cooperating', name]]);
      // One fact per conversation, of its talent, with no record.
      const facts = async () =>
        h()
          .app.db.select({
            kind: creatorEvents.kind,
            recordId: creatorEvents.recordId,
            talentId: creatorEvents.talentId,
          })
          .from(creatorEvents)
          .where(eq(creatorEvents.shopId, s.shop.id));
      expect((await facts()).map((f) => [f.kind, f.recordId, f.talentId]).sort()).toEqual(
        [fresh, black, cooperating].map((id) => ['replied', null, id]).sort(),
      );

      // Read again, and from the start as after a restart: nothing twice.
      advance(h(), 2);
      expect(await h().app.platformSync.runDue()).toBe(0);
      await h()
        .app.db.update(platformSyncCursors)
        .set({ cursor: null, dueAt: new Date(0) })
        .where(eq(platformSyncCursors.shopId, s.shop.id));
      expect(await h().app.platformSync.runDue()).toBe(0);
      expect(await facts()).toHaveLength(3);
      expect(await entries(fresh)).toHaveLength(1);

      // The seller set the talent back and answered; the creator's next message is no first reply.
      const back = await h().api.post(
        apiPaths.talents.batchStatus,
        { ids: [fresh], status: 'pending_contact' },
        { token: s.token },
      );
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      const answer = await send(h(), s, {
        conversationId: opened[0],
        message: { type: 'TEXT', text: 'Shall I send you a sample?' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      advance(h(), 4);
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      expect(
        (await messages(h(), s.token, opened[0]!)).filter((m) => m.sender === 'creator'),
      ).toHaveLength(2);
      expect(await talentStatus(h(), s.token, fresh)).toBe('pending_contact');
      expect(await entries(fresh)).toHaveLength(1);
      expect(await facts()).toHaveLength(3);
    });

    it('sends product and collaboration cards, opens a conversation for a talent, within the limits', async () => {
      const { s, talentId, record } = await invited(h(), 54);
      // A product card of a product template.
      const opened = await send(h(), s, {
        talentId,
        shopId: s.shop.id,
        message: { type: 'PRODUCT_CARD', productTemplateId: s.productTemplateIds[0] },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const conversation = opened.body.data.conversation;
      expect(conversation.talentId).toBe(talentId);
      expect(opened.body.data.message.productId).toBeTruthy();
      // The same conversation the invitation opened (Create Conversation answers the existing one).
      expect((await recordConversation(h(), s.token, record.id)).conversation!.id).toBe(
        conversation.id,
      );
      // A record without a target collaboration has no card to send.
      const noCard = await send(h(), s, {
        conversationId: conversation.id,
        message: { type: 'TARGET_COLLABORATION_CARD', recordId: record.id },
      });
      expect(noCard.status).toBe(422);
      expect(noCard.body.message).toContain('定向合作');

      // The invitation's three messages were read by no sync yet: this one is the first here;
      // four more reach the seller help's five before a reply, the sixth waits (409).
      for (let i = 0; i < 4; i++) {
        const res = await send(h(), s, {
          conversationId: conversation.id,
          message: { type: 'TEXT', text: `Follow-up ${i + 1}` },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const waiting = await send(
        h(),
        s,
        { conversationId: conversation.id, message: { type: 'TEXT', text: 'Once more' } },
        'en-US',
      );
      expect(waiting.status).toBe(409);
      expect(waiting.body.message).toMatch(/at most 5 messages before the creator replies/);
    });

    it('answers 400 with localized words to bad input, and 404 to another account', async () => {
      const { s, talentId, record } = await invited(h(), 104);
      advance(h(), 4);
      await h().app.platformSync.runDue();
      const conversation = (await recordConversation(h(), s.token, record.id)).conversation!;
      expect(conversation).not.toBeNull();

      const bad: Array<[unknown, string, string]> = [
        [
          { conversationId: conversation.id, message: { type: 'TEXT', text: '  ' } },
          'zh-CN',
          '请输入消息内容',
        ],
        [
          { conversationId: conversation.id, message: { type: 'TEXT', text: '  ' } },
          'en-US',
          'Enter a message',
        ],
        [
          { conversationId: conversation.id, message: { type: 'TEXT', text: 'x'.repeat(2001) } },
          'zh-CN',
          '不能超过 2000 个字符',
        ],
        [
          { conversationId: conversation.id, message: { type: 'TEXT', text: 'x'.repeat(2001) } },
          'en-US',
          'longer than 2000 characters',
        ],
        [
          { conversationId: conversation.id, message: { type: 'IMAGE', url: 'x' } },
          'en-US',
          'product card',
        ],
        [{ message: { type: 'TEXT', text: 'hi' } }, 'en-US', 'the talent and the shop'],
        [{ talentId, message: { type: 'TEXT', text: 'hi' } }, 'zh-CN', '同时指定达人和店铺'],
      ];
      for (const [body, lang, words] of bad) {
        const res = await send(h(), s, body, lang);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(JSON.stringify(res.body)).toContain(words);
      }
      // Exactly 2,000 characters go out.
      const longest = await send(h(), s, {
        conversationId: conversation.id,
        message: { type: 'TEXT', text: 'y'.repeat(2000) },
      });
      expect(longest.status, JSON.stringify(longest.body)).toBe(200);

      const other = await otherAccount(h());
      const token = other.token;
      expect((await h().api.get(paths.messages(conversation.id), { token })).status).toBe(404);
      expect((await h().api.get(paths.ofRecord(record.id), { token })).status).toBe(404);
      expect((await h().api.get(paths.ofTalent(talentId), { token })).status).toBe(404);
      expect((await h().api.post(paths.read(conversation.id), {}, { token })).status).toBe(404);
      const cross: unknown[] = [
        { conversationId: conversation.id, message: { type: 'TEXT', text: 'hi' } },
        { talentId: other.talentId, shopId: s.shop.id, message: { type: 'TEXT', text: 'hi' } },
        {
          conversationId: conversation.id,
          message: { type: 'PRODUCT_CARD', productTemplateId: other.productTemplateIds[0] },
        },
      ];
      for (const body of cross) {
        const res = await send(h(), other, body);
        expect({ body, status: res.status }).toEqual({ body, status: 404 });
      }
      const mine = await send(h(), s, {
        conversationId: conversation.id,
        message: { type: 'PRODUCT_CARD', productTemplateId: other.productTemplateIds[0] },
      });
      expect(mine.status).toBe(404);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
