import {
  apiPaths,
  type ConversationData,
  type ConversationSendResult,
  type ConversationView,
  type MessageData,
  type TalentConversations,
} from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { sandboxCreator } from '../src/modules/platforms/tiktok-shop-sandbox/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import { seedTalents } from './support/talents.ts';
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
 * Closing the loop's links (issue 19): a creator's reply Todo names the conversation it opens
 * (read there, the Todo is read); a TikTok talent with no send record gets its conversation
 * opened in one of the seller's shops (Create Conversation with Creator), within the platform's
 * limits; another account's conversation, talent or shop answers 404. The sandbox's fixed
 * creator n % 50 = 4 replies 3 minutes after each seller message.
 */

const port = await freePort();
const paths = apiPaths.conversations;

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

async function ofTalent(h: Harness, token: string, talentId: number) {
  const res = await h.api.get<TalentConversations>(paths.ofTalent(talentId), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

function start(h: Harness, token: string, body: unknown, lang?: string) {
  return h.api.post<ConversationData>(paths.start, body, { token, lang });
}

describeApi(
  'conversations from the talent library and the message box',
  (h) => {
    listenEachTest(h, port);

    it('opens a conversation for a talent with no record, and its reply Todo opens it', async () => {
      const s = await seller(h());
      const creator = sandboxCreator('US', 204);
      const [talentId] = await talentsFor(h(), s, [creator]);
      const before = await ofTalent(h(), s.token, talentId!);
      expect(before).toMatchObject({ list: [], hasRecords: false });
      expect(before.startShops).toEqual([
        { shopId: s.shop.id, shopName: s.shop.shopName, platformRegion: 'US' },
      ]);

      const opened = await start(h(), s.token, { talentId, shopId: s.shop.id });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const conversation = opened.body.data;
      // Opening sends nothing: the seller help's five messages before a reply are all left.
      expect(conversation).toMatchObject({
        talentId,
        shopId: s.shop.id,
        sellerMessagesLeft: 5,
        awaitingReplySince: null,
      });
      const calls = await tiktokSandboxCalls(h(), '/affiliate_seller/202508/conversations', 'POST');
      expect(calls.at(-1)!.body).toMatchObject({ creator_open_id: creator.openId });
      // Again: the same conversation (the platform answers the existing one).
      const again = await start(h(), s.token, { talentId, shopId: s.shop.id });
      expect(again.body.data.id).toBe(conversation.id);
      const after = await ofTalent(h(), s.token, talentId!);
      expect(after.list.map((c) => c.id)).toEqual([conversation.id]);
      expect(after.startShops).toEqual([]);

      const sent = await h().api.post<ConversationSendResult>(
        paths.send,
        { conversationId: conversation.id, message: { type: 'TEXT', text: 'Hello there' } },
        { token: s.token },
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.conversation.sellerMessagesLeft).toBe(4);

      // The creator replies: its Todo names the conversation, which answers as the drawer reads it.
      advance(h(), 4);
      expect(await h().app.platformSync.runDue()).toBeGreaterThan(0);
      const [todo] = await todos(h(), s.token);
      expect(todo).toMatchObject({ status: 0, conversationId: conversation.id });
      const one = await h().api.get<ConversationView>(paths.one(conversation.id), {
        token: s.token,
      });
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(one.body.data.conversation).toMatchObject({ id: conversation.id, unreadCount: 1 });
      expect(one.body.data.conversation.awaitingReplySince).not.toBeNull();
      expect(one.body.data.collaborations).toEqual([]);
      // Reading the conversation reads its Todo, as an answer does.
      const read = await h().api.post(paths.read(conversation.id), {}, { token: s.token });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect((await todos(h(), s.token)).map((t) => [t.status, t.conversationId])).toEqual([
        [1, conversation.id],
      ]);
      // Other kinds of message name no conversation.
      const all = await h().api.get<{ list: MessageData[] }>(
        `${apiPaths.messages.list}?pageSize=50`,
        { token: s.token },
      );
      for (const message of all.body.data.list.filter((m) => m.kind !== 'creatorReplied')) {
        expect(message.conversationId).toBeNull();
      }
    });

    it('keeps records, open ids and accounts apart', async () => {
      const s = await seller(h());
      // A talent with a record: its conversations come from its invitations.
      const invited = sandboxCreator('US', 254);
      const [invitedId] = await talentsFor(h(), s, [invited]);
      const task = await createTask(
        h(),
        s.token,
        tiktokTask(s, [invitedId!], {
          taskType: 'free_connection',
          script: 'Hi {talentName}',
          collaborationName: null,
          endsAt: null,
          commissionRates: {},
          contactEmail: null,
        }),
      );
      await drain(h());
      expect((await records(h(), s.token, task.taskId))[0]).toMatchObject({ status: 'success' });
      const withRecords = await ofTalent(h(), s.token, invitedId!);
      expect(withRecords.hasRecords).toBe(true);
      // The invitation opened the shop's conversation (stored once a sync reads it): until
      // then the shop is still offered, and opening answers the same platform conversation.
      expect(withRecords.startShops.map((x) => x.shopId)).toEqual([s.shop.id]);

      // No Creator Open ID: nothing to open a conversation with.
      const [noOpenId] = await talentsFor(h(), s, [sandboxCreator('US', 304)], {
        withOpenId: false,
      });
      expect((await ofTalent(h(), s.token, noOpenId!)).startShops).toEqual([]);
      const refused = await start(h(), s.token, { talentId: noOpenId, shopId: s.shop.id }, 'en-US');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/Creator Open ID/);
      // A 抖店 talent: TikTok Shop only.
      const [douyin] = await seedTalents(h(), s.userId, [
        { name: 'dy', platform: 'douyin', platformTalentId: 'dy_1' },
      ]);
      expect((await ofTalent(h(), s.token, douyin!.id)).startShops).toEqual([]);
      expect((await start(h(), s.token, { talentId: douyin!.id, shopId: s.shop.id })).status).toBe(
        422,
      );

      const [talentId] = await talentsFor(h(), s, [sandboxCreator('US', 354)]);
      const opened = await start(h(), s.token, { talentId, shopId: s.shop.id });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const conversation = opened.body.data;

      const other = await signedIn(h());
      const [otherTalent] = await seedTalents(h(), other.tokens.user.id, [
        { name: 'other', platform: 'tiktok', platformTalentId: 'other', creatorOpenId: 'x-open' },
      ]);
      const token = other.token;
      expect((await h().api.get(paths.one(conversation.id), { token })).status).toBe(404);
      expect((await start(h(), token, { talentId, shopId: s.shop.id })).status).toBe(404);
      expect(
        (await start(h(), token, { talentId: otherTalent!.id, shopId: s.shop.id })).status,
      ).toBe(404);
      expect(
        (await start(h(), s.token, { talentId: otherTalent!.id, shopId: s.shop.id })).status,
      ).toBe(404);
      const bad = await start(h(), s.token, { talentId: 'x', shopId: s.shop.id }, 'en-US');
      expect(bad.status).toBe(400);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
