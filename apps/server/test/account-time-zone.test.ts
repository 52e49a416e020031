import {
  apiPaths,
  type MessageData,
  type MeData,
  type Page,
  type ProfileData,
  type SendPreviewData,
  type SendStats,
  type Shop,
} from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { postMessage } from '../src/modules/messages/post.ts';
import { accountDay, type DayZone } from '../src/modules/user/time-zone.ts';
import {
  describeApi,
  login,
  newUser,
  register,
  signedIn,
  type Harness,
} from './support/harness.ts';
import { bindNewShop, createTask, runBrowserAction, taskBody } from './support/sending.ts';
import { seedTalents } from './support/talents.ts';

/**
 * One time zone per account (issue 20 #9): the setting, and the days counted in it (the
 * workplace's days and the daily invitation allowance), a change of zone included.
 */

const { profile } = apiPaths.user;
const paths = apiPaths.sendRecords;
const LA = 'America/Los_Angeles';
const INVALID_EN = 'Invalid time zone: use an IANA time zone name such as Asia/Shanghai';
const INVALID_ZH = '时区无效：请使用 IANA 时区名称，例如 Asia/Shanghai';

/** Every rule of the app reads this clock (the records' created and finished times too). */
function setClock(h: Harness, iso: string): Date {
  const at = new Date(iso);
  h.app.clock.now = () => new Date(at.getTime());
  return at;
}

async function setZone(h: Harness, token: string, timeZone: string, phoneNumber: string) {
  return h.api.put<ProfileData>(profile, { phoneNumber, timeZone }, { token, lang: 'en-US' });
}

async function stats(h: Harness, token: string): Promise<SendStats> {
  const res = await h.api.get<SendStats>(paths.stats, { token, query: { days: 7 } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

async function preview(h: Harness, token: string, shop: Shop, talentIds: number[]) {
  const res = await h.api.post<SendPreviewData>(
    paths.preview,
    { shopId: shop.id, taskType: 'free_product', filterType: 'manual', talentIds },
    { token },
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

/** A seller with a bound shop and 60 talents, signed in from a browser in `timeZone`. */
async function seller(h: Harness, timeZone?: string) {
  const account = await signedIn(h);
  if (timeZone) {
    const res = await setZone(h, account.token, timeZone, account.user.phoneNumber);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const shop = await bindNewShop(h, account.token);
  const library = await seedTalents(
    h,
    account.tokens.user.id,
    Array.from({ length: 60 }, (_, i) => ({ name: `达人${i}` })),
  );
  const ids = library.map((t) => t.id);
  let next = 0;
  const take = (n: number) => {
    next += n;
    return ids.slice(next - n, next);
  };
  return { ...account, shop, take };
}

const lastDay = (s: SendStats) => s.days[s.days.length - 1]!;

describeApi('account time zone', (h) => {
  it('answers the zone in the profile and in me: Asia/Shanghai until one is chosen', async () => {
    const { token } = await signedIn(h());
    const me = await h().api.get<MeData>(apiPaths.auth.me, { token });
    expect(me.body.data.timeZone).toBe('Asia/Shanghai');
    const got = await h().api.get<ProfileData>(profile, { token });
    expect(got.body.data).toMatchObject({ timeZone: 'Asia/Shanghai', timeZoneDaysFrom: null });
  });

  it("takes the browser's zone at registration, or at the first sign-in of an account without one", async () => {
    const registered = newUser();
    const made = await register(h(), registered, { timeZone: 'europe/berlin' });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ timeZone: 'Europe/Berlin' });

    // An unknown zone never fails a registration or a sign-in: the default stays.
    const odd = newUser();
    expect((await register(h(), odd, { timeZone: 'Mars/Base' })).status).toBe(200);
    const oddLogin = await h().api.post(apiPaths.auth.login, {
      username: odd.username,
      password: odd.password,
      timeZone: 'Mars/Base',
    });
    expect(oddLogin.status).toBe(200);

    const user = newUser();
    await register(h(), user);
    const first = await h().api.post<{ access_token: string }>(apiPaths.auth.login, {
      username: user.username,
      password: user.password,
      timeZone: LA,
    });
    expect(first.status).toBe(200);
    const token = first.body.data.access_token;
    expect((await h().api.get<MeData>(apiPaths.auth.me, { token })).body.data.timeZone).toBe(LA);
    // Once the account has one, a sign-in from elsewhere does not change it.
    const again = await h().api.post<{ access_token: string }>(apiPaths.auth.login, {
      username: user.username,
      password: user.password,
      timeZone: 'Asia/Tokyo',
    });
    expect(
      (
        await h().api.get<MeData>(apiPaths.auth.me, {
          token: again.body.data.access_token,
        })
      ).body.data.timeZone,
    ).toBe(LA);
  });

  it('saves a zone in the profile; a zone it does not know is a localized 400 that changes nothing', async () => {
    const { user, token } = await signedIn(h());
    const saved = await h().api.put<ProfileData>(
      profile,
      { phoneNumber: user.phoneNumber, nickname: '店长', timeZone: 'america/new_york' },
      { token, lang: 'en-US' },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ nickname: '店长', timeZone: 'America/New_York' });

    for (const [lang, message] of [
      ['en-US', INVALID_EN],
      ['zh-CN', INVALID_ZH],
    ] as const) {
      for (const timeZone of ['Mars/Base', '+08:00', 'UTC; drop table users', 42]) {
        const bad = await h().api.put(
          profile,
          { phoneNumber: user.phoneNumber, nickname: '改了', timeZone },
          { token, lang },
        );
        expect(bad.status, String(timeZone)).toBe(400);
        expect(bad.body.message).toBe(message);
      }
    }
    expect((await h().api.get<ProfileData>(profile, { token })).body.data).toMatchObject({
      nickname: '店长',
      timeZone: 'America/New_York',
    });
    // Omitted: unchanged.
    await h().api.put(profile, { phoneNumber: user.phoneNumber, nickname: '又改了' }, { token });
    expect((await h().api.get<ProfileData>(profile, { token })).body.data.timeZone).toBe(
      'America/New_York',
    );
  });

  it('counts days in the account zone: 23:30 in Los Angeles is that day there, not the next', async () => {
    const la = await seller(h(), LA);
    const shanghai = await seller(h());
    // 2027-01-15 23:30 in Los Angeles (UTC-8) is 2027-01-16 15:30 in Shanghai.
    setClock(h(), '2027-01-16T07:30:00Z');
    await createTask(h(), la.token, taskBody(la.shop.id, { talentIds: la.take(3) }));
    await createTask(
      h(),
      shanghai.token,
      taskBody(shanghai.shop.id, { talentIds: shanghai.take(3) }),
    );

    const laStats = await stats(h(), la.token);
    expect(laStats.timeZone).toBe(LA);
    expect(lastDay(laStats)).toMatchObject({ day: '2027-01-15', created: 3 });
    expect(laStats.todayEndsAt).toBe('2027-01-16T08:00:00.000Z');
    expect(laStats.membership).toMatchObject({ usedToday: 3, remainingToday: 17 });
    const shStats = await stats(h(), shanghai.token);
    expect(shStats.timeZone).toBe('Asia/Shanghai');
    expect(lastDay(shStats)).toMatchObject({ day: '2027-01-16', created: 3 });
    expect(shStats.todayEndsAt).toBe('2027-01-16T16:00:00.000Z');

    // 00:30 in Los Angeles: a new day and a whole allowance there; still the same day in Shanghai.
    setClock(h(), '2027-01-16T08:30:00Z');
    const laNext = await stats(h(), la.token);
    expect(laNext.days.slice(-2)).toMatchObject([
      { day: '2027-01-15', created: 3 },
      { day: '2027-01-16', created: 0 },
    ]);
    expect(laNext.membership).toMatchObject({ usedToday: 0, remainingToday: 20 });
    expect(await preview(h(), la.token, la.shop, la.take(1))).toMatchObject({
      remainingToday: 20,
      timeZone: LA,
      todayEndsAt: '2027-01-17T08:00:00.000Z',
    });
    expect((await stats(h(), shanghai.token)).membership.usedToday).toBe(3);

    // A record finished at 23:59 there counts as succeeded on that day (a browser sends it).
    setClock(h(), '2027-01-17T07:59:00Z');
    await runBrowserAction(h(), la.token, la.shop.id, (_, index) => (index === 0 ? 'sent' : null));
    expect(lastDay(await stats(h(), la.token))).toMatchObject({ day: '2027-01-16', succeeded: 1 });
  });

  it('counts 23- and 25-hour days where the zone changes its clocks (DST)', async () => {
    const la = await seller(h(), LA);
    // 2027-03-14: clocks spring forward at 02:00; 23:30 that evening is 06:30 UTC the next day.
    setClock(h(), '2027-03-14T08:30:00Z'); // 01:30 PST
    await createTask(h(), la.token, taskBody(la.shop.id, { talentIds: la.take(1) }));
    let s = await stats(h(), la.token);
    expect(lastDay(s)).toMatchObject({ day: '2027-03-14', created: 1 });
    expect(s.todayEndsAt).toBe('2027-03-15T07:00:00.000Z');
    setClock(h(), '2027-03-15T06:30:00Z'); // 23:30 PDT, 22 hours later: the same day
    await createTask(h(), la.token, taskBody(la.shop.id, { talentIds: la.take(2) }));
    s = await stats(h(), la.token);
    expect(lastDay(s)).toMatchObject({ day: '2027-03-14', created: 3 });
    expect(s.membership.remainingToday).toBe(17);

    // 2027-11-07: clocks fall back at 02:00; the day lasts 25 hours.
    setClock(h(), '2027-11-07T07:00:00Z'); // 00:00 PDT
    await createTask(h(), la.token, taskBody(la.shop.id, { talentIds: la.take(1) }));
    setClock(h(), '2027-11-08T07:59:00Z'); // 23:59 PST, 24h59m later: still the same day
    s = await stats(h(), la.token);
    expect(lastDay(s)).toMatchObject({ day: '2027-11-07', created: 1 });
    expect(s.todayEndsAt).toBe('2027-11-08T08:00:00.000Z');
    setClock(h(), '2027-11-08T08:00:00Z');
    expect(lastDay(await stats(h(), la.token))).toMatchObject({ day: '2027-11-08', created: 0 });
  });

  it('a change of zone gives no second allowance the same day, westward or eastward', async () => {
    // Westward: the allowance used up in the Shanghai morning of 16 January.
    const west = await seller(h());
    setClock(h(), '2027-01-16T02:00:00Z'); // 10:00 in Shanghai, 18:00 on the 15th in Los Angeles
    await createTask(h(), west.token, taskBody(west.shop.id, { talentIds: west.take(20) }));
    const moved = await setZone(h(), west.token, LA, west.user.phoneNumber);
    expect(moved.status).toBe(200);
    // The Shanghai day goes on until the first Los Angeles midnight after it ends.
    expect(moved.body.data).toMatchObject({
      timeZone: LA,
      timeZoneDaysFrom: '2027-01-17T08:00:00.000Z',
    });
    const refused = async (seller: typeof west) => {
      const res = await h().api.post(
        paths.list,
        taskBody(seller.shop.id, { talentIds: seller.take(1) }),
        { token: seller.token, lang: 'en-US' },
      );
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('left today: 0');
    };
    await refused(west);
    let s = await stats(h(), west.token);
    expect(s).toMatchObject({
      timeZone: LA,
      todayEndsAt: '2027-01-17T08:00:00.000Z',
      timeZoneDaysFrom: '2027-01-17T08:00:00.000Z',
    });
    expect(lastDay(s)).toMatchObject({ day: '2027-01-16', created: 20 });
    // Where a fresh day would have begun in either zone alone: still the same day.
    setClock(h(), '2027-01-16T16:30:00Z'); // 00:30 on the 17th in Shanghai, 08:30 on the 16th in LA
    await refused(west);
    setClock(h(), '2027-01-17T07:59:00Z');
    await refused(west);
    setClock(h(), '2027-01-17T08:00:00Z'); // midnight in Los Angeles: the 17th, a whole allowance
    s = await stats(h(), west.token);
    expect(lastDay(s)).toMatchObject({ day: '2027-01-17', created: 0 });
    expect(s.membership.remainingToday).toBe(20);
    expect(s.timeZoneDaysFrom).toBeNull();
    expect(
      (await h().api.get<ProfileData>(profile, { token: west.token })).body.data,
    ).toMatchObject({ timeZoneDaysFrom: null });

    // Eastward: the allowance used up in the Los Angeles evening of 15 January.
    const east = await seller(h(), LA);
    setClock(h(), '2027-01-16T02:00:00Z');
    await createTask(h(), east.token, taskBody(east.shop.id, { talentIds: east.take(20) }));
    const back = await setZone(h(), east.token, 'Asia/Shanghai', east.user.phoneNumber);
    // The Los Angeles day ends at 08:00 UTC, 16:00 in Shanghai: it goes on to Shanghai's midnight.
    expect(back.body.data.timeZoneDaysFrom).toBe('2027-01-16T16:00:00.000Z');
    await refused(east);
    setClock(h(), '2027-01-16T09:00:00Z'); // a new day in Los Angeles, 17:00 in Shanghai
    await refused(east);
    setClock(h(), '2027-01-16T16:00:00Z');
    s = await stats(h(), east.token);
    expect(lastDay(s)).toMatchObject({ day: '2027-01-17', created: 0 });
    expect(s).toMatchObject({ timeZone: 'Asia/Shanghai', todayEndsAt: '2027-01-17T16:00:00.000Z' });
    expect(s.membership.remainingToday).toBe(20);
  });

  it('moves an account that never invited anyone at once', async () => {
    const { token, user } = await signedIn(h());
    setClock(h(), '2027-01-16T02:00:00Z');
    const moved = await setZone(h(), token, LA, user.phoneNumber);
    expect(moved.body.data).toMatchObject({ timeZone: LA, timeZoneDaysFrom: null });
    expect(lastDay(await stats(h(), token)).day).toBe('2027-01-15');
  });

  it('the database and the server agree on the account day, around a change of zone too', async () => {
    const zones: DayZone[] = [
      { timeZone: 'Asia/Shanghai', dayZoneFrom: null, heldDay: null },
      { timeZone: LA, dayZoneFrom: null, heldDay: null },
      { timeZone: 'Asia/Kathmandu', dayZoneFrom: null, heldDay: null },
      { timeZone: LA, dayZoneFrom: new Date('2027-01-17T08:00:00Z'), heldDay: '2027-01-16' },
      {
        timeZone: 'Asia/Shanghai',
        dayZoneFrom: new Date('2027-01-16T16:00:00Z'),
        heldDay: '2027-01-15',
      },
      // Far west after far east: the held day is later than the new zone's date for a while.
      {
        timeZone: 'Pacific/Pago_Pago',
        dayZoneFrom: new Date('2027-01-16T11:00:00Z'),
        heldDay: '2027-01-17',
      },
    ];
    const mismatches: string[] = [];
    for (const zone of zones) {
      for (let ms = Date.UTC(2027, 0, 15); ms < Date.UTC(2027, 0, 19); ms += 1_730_000) {
        const at = new Date(ms);
        const result = await h().app.db.execute<{ day: string }>(
          sql`select account_day(${zone.timeZone}, ${zone.dayZoneFrom?.toISOString() ?? null}::timestamptz, ${zone.heldDay}::date, ${at.toISOString()}::timestamptz)::text as day`,
        );
        const rows = (result as unknown as { rows?: Array<{ day: string }> }).rows ?? result;
        const fromDb = (rows as Array<{ day: string }>)[0]!.day;
        const fromServer = accountDay(zone, at);
        if (fromDb !== fromServer)
          mismatches.push(`${zone.timeZone} ${at.toISOString()}: ${fromDb} ≠ ${fromServer}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('words messages in the account zone when the reader names none', async () => {
    const { token, tokens, user } = await signedIn(h());
    await postMessage(h().app.db, {
      userId: tokens.user.id,
      kind: 'membershipExpiring',
      params: { planId: 'basic', validTo: '2027-01-16T07:30:00.000Z' },
      dedupeKey: 'zone-test',
    });
    const list = async () =>
      (
        await h().api.get<Page<MessageData>>(apiPaths.messages.list, {
          token,
          lang: 'en-US',
        })
      ).body.data.list[0]!;
    expect((await list()).content).toContain('2027-01-16 15:30');
    await setZone(h(), token, LA, user.phoneNumber);
    expect((await list()).content).toContain('2027-01-15 23:30');
  });

  it('keeps a sign-in that sends no zone working (clients that are not browsers)', async () => {
    const user = newUser();
    await register(h(), user);
    expect((await login(h(), user.username, user.password)).status).toBe(200);
  });
});
