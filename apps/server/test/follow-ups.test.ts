import { apiPaths, type FollowUpInput, type TaskFollowUps } from '@inviteflow/contract';
import { expect, it } from 'vitest';
import { applyCreatorEvents } from '../src/modules/send-records/index.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { freePort, listenEachTest } from './support/payments.ts';
import {
  drain,
  plainCreators,
  records,
  seller,
  talentsFor,
  tiktokSandboxCalls,
  tiktokTask,
  type Seller,
} from './support/platform-actions.ts';
import { bindNewShop, createTask, grantPlan, taskBody } from './support/sending.ts';

/**
 * Follow-ups for non-responders (issue 19): a task's follow-ups message, through the sandbox
 * TikTok Shop's IM, the creators who neither replied, accepted nor declined `afterDays` days
 * after their invitation succeeded; never the blacklisted, never one in cool-down, never twice.
 */

const port = await freePort();
const DAY_MS = 86_400_000;
/** Send IM Message 202412 (POST …/conversations/{id}/messages). */
const MESSAGES = '/affiliate_seller/202412/conversations/';

async function script(h: Harness, token: string, content: string): Promise<number> {
  const res = await h.api.post<{ id: number }>(apiPaths.templates.scripts, { content }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

/** The texts the sandbox received as IM messages (in order). */
async function messagesSent(h: Harness): Promise<string[]> {
  const calls = await tiktokSandboxCalls(h, MESSAGES, 'POST');
  return calls
    .filter((c) => c.path.endsWith('/messages') && c.httpStatus === 200)
    .map((c) => {
      const body = c.body as { content: string };
      return (JSON.parse(body.content) as { content: string }).content;
    });
}

/**
 * Our clock `days` ahead of now. The sandbox platform reads the app's clock (and checks each
 * call's `timestamp` against it, within 5 minutes), so the client's timestamps follow it too.
 */
function clocksAt(h: Harness, days: number): Date {
  const at = new Date(Date.now() + days * DAY_MS);
  h.app.clock.now = () => new Date(at.getTime());
  const tuning = (h.app.tiktokShop as unknown as { tuning: { now?: () => number } }).tuning;
  tuning.now = () => h.app.clock.now().getTime();
  return at;
}

/** A pass of the follow-ups job (as app.ts schedules it), `days` after now. */
function pass(h: Harness, days: number) {
  const job = h.app.jobs.jobs.find((j) => j.name === 'follow-ups')!;
  return job.run(clocksAt(h, days));
}

async function view(h: Harness, token: string, taskId: number) {
  const res = await h.api.get<TaskFollowUps>(apiPaths.sendRecords.taskFollowUps(taskId), {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function invited(
  h: Harness,
  count: number,
  followUps: (ids: number[]) => FollowUpInput[],
  s?: Seller,
  from = 10,
) {
  const who = s ?? (await seller(h));
  const creators = plainCreators(count, from);
  const talentIds = await talentsFor(h, who, creators);
  const templates = [
    await script(h, who.token, 'Hi {talentName}, any thoughts on {productNames}?'),
    await script(h, who.token, 'Last call from {shopName}, {talentName}!'),
  ];
  const task = await createTask(h, who.token, {
    ...tiktokTask(who, talentIds),
    collaborationName: `Launch ${from}`,
    followUps: followUps(templates),
  });
  await drain(h);
  expect((await records(h, who.token, task.taskId)).map((r) => r.status)).toEqual(
    creators.map(() => 'success'),
  );
  return { s: who, creators, talentIds, taskId: task.taskId, templates };
}

describeApi(
  'follow-ups for non-responders',
  (h) => {
    listenEachTest(h, port);

    it('messages the silent creators after N days, never one who replied, accepted, is blacklisted or in cool-down, and never twice', async () => {
      const { s, creators, talentIds, taskId } = await invited(h(), 5, ([first, second]) => [
        { afterDays: 2, scriptTemplateId: first! },
        { afterDays: 5, scriptTemplateId: second! },
      ]);
      const [silent, replies, accepts] = creators;
      const before = await messagesSent(h());

      // Not due yet: nothing is sent, everyone waits.
      expect(await pass(h(), 1)).toBe(0);
      expect(await messagesSent(h())).toEqual(before);
      const waiting = await view(h(), s.token, taskId);
      expect(waiting.canFollowUp).toBe(true);
      expect(waiting.list.map((f) => [f.step, f.afterDays, f.status, f.counts.waiting])).toEqual([
        [1, 2, 'scheduled', 5],
        [2, 5, 'scheduled', 0],
      ]);

      // One replies, one accepts (as the platform syncs apply them), one is blacklisted, and
      // one is invited again by another task of the shop (the cool-down).
      const at = new Date();
      await applyCreatorEvents(h().app.db, [
        ...[
          [replies!, 'replied'],
          [accepts!, 'accepted'],
        ].map(([c, stage]) => ({
          userId: s.userId,
          shopId: s.shop.id,
          shopName: s.shop.shopName,
          stage: stage as 'replied' | 'accepted',
          key: `test-${stage as string}`,
          at,
          creator: { username: (c as { username: string }).username },
        })),
      ]);
      const black = await h().api.post(
        apiPaths.talents.batchBlacklist,
        { ids: [talentIds[3]], reason: 'no more' },
        { token: s.token },
      );
      expect(black.status, JSON.stringify(black.body)).toBe(200);
      await createTask(h(), s.token, {
        ...tiktokTask(s, [talentIds[4]!]),
        cooldown: 'include',
        setName: 'Again',
        collaborationName: 'Again',
      });
      await drain(h());

      expect(await pass(h(), 2.01)).toBe(5);
      const sent = (await messagesSent(h())).slice(before.length);
      expect(sent).toEqual([
        `Hi ${silent!.username}, any thoughts on Sandbox product 1, Sandbox product 2?`,
      ]);
      const afterFirst = await view(h(), s.token, taskId);
      expect(afterFirst.list[0]!.counts).toMatchObject({
        sent: 1,
        failed: 0,
        sending: 0,
        waiting: 0,
        skipped: { replied: 1, accepted: 1, blacklisted: 1, cool_down: 1, declined: 0 },
      });
      // The second step waits for the one creator the first was sent to.
      expect(afterFirst.list[1]!.counts.waiting).toBe(1);

      // Passes again, and two replicas at once: nothing is sent twice.
      expect(await pass(h(), 3)).toBe(0);
      const job = h().app.jobs.jobs.find((j) => j.name === 'follow-ups')!;
      const later = clocksAt(h(), 5.01);
      const done = await Promise.all([job.run(later), job.run(later)]);
      expect(done.reduce((a: number, b) => a + (b as number), 0)).toBe(1);
      expect((await messagesSent(h())).slice(before.length)).toEqual([
        `Hi ${silent!.username}, any thoughts on Sandbox product 1, Sandbox product 2?`,
        `Last call from ${s.shop.shopName}, ${silent!.username}!`,
      ]);
      expect(await pass(h(), 6)).toBe(0);
      const end = await view(h(), s.token, taskId);
      expect(end.list[1]!.counts).toMatchObject({ sent: 1, waiting: 0 });
    });

    it('stops for a creator who replied to the first follow-up, and cancelling stops the rest', async () => {
      const { s, creators, taskId } = await invited(h(), 2, ([first, second]) => [
        { afterDays: 1, scriptTemplateId: first! },
        { afterDays: 3, scriptTemplateId: second! },
      ]);
      const before = (await messagesSent(h())).length;
      expect(await pass(h(), 1.01)).toBe(2);
      expect((await messagesSent(h())).length).toBe(before + 2);
      await applyCreatorEvents(h().app.db, [
        {
          userId: s.userId,
          shopId: s.shop.id,
          shopName: s.shop.shopName,
          stage: 'replied',
          key: 'reply-1',
          at: new Date(),
          creator: { username: creators[0]!.username },
        },
      ]);
      const [, second] = (await view(h(), s.token, taskId)).list;
      const cancelled = await h().api.post<TaskFollowUps>(
        apiPaths.sendRecords.cancelFollowUp(taskId, second!.id),
        undefined,
        { token: s.token, lang: 'en-US' },
      );
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.message).toBe(
        'Follow-up cancelled: creators not yet messaged will not receive it',
      );
      expect(cancelled.body.data.list[1]).toMatchObject({ status: 'cancelled' });
      expect(cancelled.body.data.list[1]!.counts.waiting).toBe(0);
      // Cancelling again changes nothing.
      const twice = await h().api.post(
        apiPaths.sendRecords.cancelFollowUp(taskId, second!.id),
        undefined,
        { token: s.token },
      );
      expect(twice.status).toBe(200);
      expect(await pass(h(), 4)).toBe(0);
      expect((await messagesSent(h())).length).toBe(before + 2);
    });

    it('refuses more than two follow-ups, a second not later, days out of range, another account’s template, and a shop without the API, each with a clear message', async () => {
      const s = await seller(h());
      const [talent] = await talentsFor(h(), s, plainCreators(1, 30));
      const mine = await script(h(), s.token, 'Hi {talentName}');
      const refused = async (
        followUps: unknown,
        status: number,
        message: string,
        shopId?: number,
      ) => {
        const body = shopId
          ? { ...taskBody(shopId, { talentIds: [talent!] }), followUps }
          : { ...tiktokTask(s, [talent!]), followUps };
        const res = await h().api.post(apiPaths.sendRecords.list, body, {
          token: s.token,
          lang: 'en-US',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body.message).toBe(message);
      };
      const one = (afterDays: number) => ({ afterDays, scriptTemplateId: mine });
      await refused([one(1), one(2), one(3)], 400, 'A task can schedule at most 2 follow-ups');
      await refused(
        [one(3), one(3)],
        400,
        'The second follow-up must come more days after than the first',
      );
      await refused([one(0)], 400, 'Enter the follow-up days as a whole number from 1 to 30');
      await refused([one(31)], 400, 'Enter the follow-up days as a whole number from 1 to 30');
      await refused([{ afterDays: 2 }], 400, 'Choose a script template for each follow-up');

      const other = await signedIn(h());
      const theirs = await script(h(), other.token, 'Not yours');
      await refused(
        [{ afterDays: 2, scriptTemplateId: theirs }],
        422,
        'A script template chosen for a follow-up does not exist or was deleted: choose another',
      );

      // A shop bound by hand (the browser channel): no IM to send through.
      await grantPlan(h(), s.userId, 'enterprise');
      const byHand = await bindNewShop(h(), s.token);
      await refused(
        [one(2)],
        422,
        `Follow-ups are sent as the platform's creator messages, so they need a TikTok Shop shop connected by authorization; the shop "${byHand.shopName}" is not: connect it on My Shops first, or remove the follow-ups`,
        byHand.id,
      );
    });

    it('answers 404 for another account’s task and follow-ups', async () => {
      const { taskId, s } = await invited(h(), 1, ([first]) => [
        { afterDays: 2, scriptTemplateId: first! },
      ]);
      const [followUp] = (await view(h(), s.token, taskId)).list;
      const other = await signedIn(h());
      const read = await h().api.get(apiPaths.sendRecords.taskFollowUps(taskId), {
        token: other.token,
      });
      expect(read.status).toBe(404);
      const cancel = await h().api.post(
        apiPaths.sendRecords.cancelFollowUp(taskId, followUp!.id),
        undefined,
        { token: other.token },
      );
      expect(cancel.status).toBe(404);
      // A follow-up of another task of mine: 404 too.
      const { taskId: second } = await invited(h(), 1, () => [], s, 40);
      const wrongTask = await h().api.post(
        apiPaths.sendRecords.cancelFollowUp(second, followUp!.id),
        undefined,
        { token: s.token },
      );
      expect(wrongTask.status).toBe(404);
      expect((await view(h(), s.token, taskId)).list[0]!.status).toBe('scheduled');
      expect((await view(h(), s.token, second)).list).toEqual([]);
    });
  },
  { config: { PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
