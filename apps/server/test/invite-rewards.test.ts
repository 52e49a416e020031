import {
  INVITE_REWARD_DAYS,
  apiPaths,
  type InviteInfo,
  type InviteReward,
  type Invitee,
  type Page,
} from '@inviteflow/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages, inviteRewards, membershipPeriods, users } from '../src/db/schema.ts';
import {
  describeApi,
  login,
  newUser,
  register,
  signedIn,
  type Harness,
} from './support/harness.ts';
import {
  freePort,
  listenEachTest,
  notify,
  orderRow,
  purchase,
  signedNotification,
} from './support/payments.ts';

const port = await freePort();
const DAY_MS = 86_400_000;

async function inviteCodeOf(h: Harness, username: string) {
  const [row] = await h.app.db.select().from(users).where(eq(users.username, username));
  return row!;
}

/** An inviter and a friend registered with the inviter's code, both signed in. */
async function inviterAndFriend(h: Harness) {
  const inviter = await signedIn(h);
  const inviterRow = await inviteCodeOf(h, inviter.user.username);
  const friend = newUser();
  const registered = await register(h, friend, { inviteCode: inviterRow.inviteCode.toLowerCase() });
  expect(registered.status).toBe(200);
  const signed = await login(h, friend.username, friend.password);
  return {
    inviter: { ...inviter, id: inviterRow.id, code: inviterRow.inviteCode },
    friend: { user: friend, token: signed.body.data.access_token, id: signed.body.data.user.id },
  };
}

async function buy(h: Harness, token: string, planId: 'basic' | 'pro' = 'basic') {
  const bought = await purchase(h, token, planId);
  const row = await orderRow(h, bought.body.data.orderId);
  const params = await signedNotification(h, {
    orderNo: row.orderNo,
    amountFen: row.actualPriceFen,
  });
  return { row, params };
}

async function periodsOf(h: Harness, userId: number) {
  return h.app.db
    .select()
    .from(membershipPeriods)
    .where(eq(membershipPeriods.userId, userId))
    .orderBy(membershipPeriods.startsAt);
}

describeApi(
  'invite rewards',
  (h) => {
    listenEachTest(h, port);

    it('shows the code, the link that fills it in, and the friends who registered with it', async () => {
      const { inviter, friend } = await inviterAndFriend(h());
      const info = await h().api.get<InviteInfo>(apiPaths.invite.info, { token: inviter.token });
      expect(info.body.data).toEqual({
        inviteCode: inviter.code,
        inviteLink: `http://127.0.0.1:${port}/register?inviteCode=${inviter.code}`,
        rewardDays: INVITE_REWARD_DAYS,
        invitedCount: 1,
        paidCount: 0,
        rewardDaysTotal: 0,
      });
      const invitees = await h().api.get<Page<Invitee>>(apiPaths.invite.invitees, {
        token: inviter.token,
      });
      expect(invitees.body.data.total).toBe(1);
      const phone = friend.user.phoneNumber;
      expect(invitees.body.data.list[0]).toEqual({
        phoneNumber: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
        registeredAt: expect.any(String),
        hasPaid: false,
        rewardGranted: false,
      });
      // The friend sees no one: lists are the caller's own.
      const theirs = await h().api.get<Page<Invitee>>(apiPaths.invite.invitees, {
        token: friend.token,
      });
      expect(theirs.body.data.total).toBe(0);
    });

    it("rewards the inviter once, on the friend's first paid order, by the payment's own path", async () => {
      const { inviter, friend } = await inviterAndFriend(h());
      const first = await buy(h(), friend.token, 'basic');
      // The notification arrives eight times: one payment, one reward.
      for (let i = 0; i < 8; i++) expect(await notify(h().app, first.params)).toBe('success');
      const second = await buy(h(), friend.token, 'pro');
      expect(await notify(h().app, second.params)).toBe('success');

      const rewards = await h().app.db.select().from(inviteRewards);
      expect(rewards).toHaveLength(1);
      expect(rewards[0]).toMatchObject({
        inviterUserId: inviter.id,
        inviteeUserId: friend.id,
        orderId: first.row.id,
        days: INVITE_REWARD_DAYS,
      });
      const periods = await periodsOf(h(), inviter.id);
      expect(periods).toHaveLength(1);
      // Without a plan of their own, the inviter gets basic days starting now.
      expect(periods[0]).toMatchObject({
        planId: 'basic',
        source: 'invite_reward',
        inviteRewardId: rewards[0]!.id,
      });
      expect(periods[0]!.endsAt.getTime() - periods[0]!.startsAt.getTime()).toBe(
        INVITE_REWARD_DAYS * DAY_MS,
      );

      const messages = await h()
        .app.db.select()
        .from(inboxMessages)
        .where(eq(inboxMessages.userId, inviter.id));
      expect(messages.map((m) => m.kind)).toEqual(['inviteRewardGranted']);

      const info = await h().api.get<InviteInfo>(apiPaths.invite.info, { token: inviter.token });
      expect(info.body.data).toMatchObject({
        invitedCount: 1,
        paidCount: 1,
        rewardDaysTotal: INVITE_REWARD_DAYS,
      });
      const list = await h().api.get<Page<InviteReward>>(apiPaths.invite.rewards, {
        token: inviter.token,
      });
      expect(list.body.data.list).toEqual([
        {
          id: rewards[0]!.id,
          invitee: expect.stringMatching(/^\d{3}\*{4}\d{4}$/),
          days: INVITE_REWARD_DAYS,
          grantedAt: expect.any(String),
          startsAt: periods[0]!.startsAt.toISOString(),
          endsAt: periods[0]!.endsAt.toISOString(),
        },
      ]);
      const invitees = await h().api.get<Page<Invitee>>(apiPaths.invite.invitees, {
        token: inviter.token,
      });
      expect(invitees.body.data.list[0]).toMatchObject({ hasPaid: true, rewardGranted: true });
      // The friend earns nothing for their own purchase.
      expect(
        await h()
          .app.db.select()
          .from(inviteRewards)
          .where(eq(inviteRewards.inviterUserId, friend.id)),
      ).toHaveLength(0);
    });

    it("adds the days to the end of an active inviter's membership, on the plan it ends with", async () => {
      const { inviter, friend } = await inviterAndFriend(h());
      const own = await buy(h(), inviter.token, 'pro');
      expect(await notify(h().app, own.params)).toBe('success');
      const [proPeriod] = await periodsOf(h(), inviter.id);
      const friendOrder = await buy(h(), friend.token, 'basic');
      expect(await notify(h().app, friendOrder.params)).toBe('success');
      const periods = await periodsOf(h(), inviter.id);
      expect(periods).toHaveLength(2);
      expect(periods[1]).toMatchObject({ planId: 'pro', source: 'invite_reward' });
      expect(periods[1]!.startsAt.toISOString()).toBe(proPeriod!.endsAt.toISOString());
      expect(periods[1]!.endsAt.getTime()).toBe(
        proPeriod!.endsAt.getTime() + INVITE_REWARD_DAYS * DAY_MS,
      );
    });

    it('concurrent notifications of the first order reward once', async () => {
      const { inviter, friend } = await inviterAndFriend(h());
      const first = await buy(h(), friend.token, 'basic');
      const other = await h().replica();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => notify(i % 2 ? other : h().app, first.params)),
      );
      expect(answers).toEqual(Array(6).fill('success'));
      expect(await h().app.db.select().from(inviteRewards)).toHaveLength(1);
      expect(await periodsOf(h(), inviter.id)).toHaveLength(1);
    });

    it('lists the friends newest first, a page at a time, each with whether they paid and were rewarded', async () => {
      const { inviter, friend: first } = await inviterAndFriend(h());
      const others = [newUser(), newUser()];
      for (const other of others) {
        const registered = await register(h(), other, { inviteCode: inviter.code });
        expect(registered.status).toBe(200);
      }
      const paid = await buy(h(), first.token, 'basic');
      expect(await notify(h().app, paid.params)).toBe('success');
      const page = async (n: number) =>
        (
          await h().api.get<Page<Invitee>>(apiPaths.invite.invitees, {
            token: inviter.token,
            query: { page: n, pageSize: 2 },
          })
        ).body.data;
      const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
      const one = await page(1);
      expect(one.total).toBe(3);
      expect(one.list.map((i) => [i.phoneNumber, i.hasPaid, i.rewardGranted])).toEqual([
        [masked(others[1]!.phoneNumber), false, false],
        [masked(others[0]!.phoneNumber), false, false],
      ]);
      expect((await page(2)).list.map((i) => [i.phoneNumber, i.hasPaid, i.rewardGranted])).toEqual([
        [masked(first.user.phoneNumber), true, true],
      ]);
      // Paying and having earned the reward are told apart (a paid friend without a reward row).
      await h().app.db.delete(inviteRewards).where(eq(inviteRewards.inviteeUserId, first.id));
      expect((await page(2)).list[0]).toMatchObject({ hasPaid: true, rewardGranted: false });
      const info = await h().api.get<InviteInfo>(apiPaths.invite.info, { token: inviter.token });
      expect(info.body.data).toMatchObject({ invitedCount: 3, paidCount: 1, rewardDaysTotal: 0 });
    });

    it('refuses an unknown invitation code at registration, naming it', async () => {
      const res = await register(h(), newUser(), { inviteCode: 'NOPE2345' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('邀请码不存在');
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
