import {
  SHOP_REBIND_COOLDOWN_HOURS,
  apiPaths,
  type LoginData,
  type ShopChangeData,
  type ShopPage,
  type SendStats,
  type ShopReportData,
} from '@inviteflow/contract';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages, shops } from '../src/db/schema.ts';
import { expireShopsBeyondLimits } from '../src/modules/shops/service.ts';
import { describeApi, login, signedIn, type Harness } from './support/harness.ts';
import { bindNewShop, grantPlan, moveClock, shopIdentity } from './support/sending.ts';

const paths = apiPaths.shops;
const HOUR_MS = 3_600_000;

async function list(h: Harness, token: string, query: Record<string, string | number> = {}) {
  return (await h.api.get<ShopPage>(paths.list, { token, query })).body.data;
}

describeApi('shops', (h) => {
  it('binds a shop by hand, lists it in its tab and counts it at login', async () => {
    const { user, token } = await signedIn(h());
    const identity = {
      ...shopIdentity({ shopName: '  美妆旗舰店 ', shopCode: 'MZ-001' }),
      siteName: null,
    };
    const res = await h().api.post<ShopChangeData>(paths.list, identity, { token, lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Shop bound');
    expect(res.body.data.shop).toMatchObject({
      platform: 'douyin',
      shopName: '美妆旗舰店',
      siteName: '',
      shopCode: 'MZ-001',
      bindStatus: 'BOUND',
      nextBindAt: null,
      source: 'manual',
    });
    expect(res.body.data.slots).toEqual({ limit: 1, used: 1, bound: 1, level: 'none' });

    const all = await list(h(), token);
    expect(all.list.map((s) => s.shopCode)).toEqual(['MZ-001']);
    expect(all.counts).toEqual({ all: 1, BOUND: 1, UNBOUND: 0, EXPIRED: 0 });
    expect((await list(h(), token, { tab: 'UNBOUND' })).list).toEqual([]);
    expect((await list(h(), token, { tab: 'BOUND' })).total).toBe(1);

    const again = await login(h(), user.username, user.password);
    expect((again.body.data as LoginData).user.currentShopBindCount).toBe(1);
    // Binding the same shop again is harmless and says so.
    const repeat = await h().api.post<ShopChangeData>(paths.list, identity, { token });
    expect(repeat.body.message).toBe('店铺已绑定');
    expect((await list(h(), token)).total).toBe(1);
  });

  it('refuses a shop beyond the limit, naming the limit, the plan and how to raise it', async () => {
    const { token, tokens } = await signedIn(h());
    await bindNewShop(h(), token);
    const refused = await h().api.post(paths.list, shopIdentity(), { token, lang: 'en-US' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'The shop limit of your free allowance is 1 and every slot is in use (an unbound shop keeps ' +
        'its slot until its next bind time). Upgrade your plan on Purchase Membership, or unbind ' +
        'a shop, to bind another.',
    );
    const zh = await h().api.post(paths.list, shopIdentity(), { token });
    expect(zh.body.message).toContain('免费版最多可绑定 1 个店铺');
    expect(zh.body.message).toContain('购买会员');

    // A basic plan allows 3.
    await grantPlan(h(), tokens.user.id, 'basic');
    await bindNewShop(h(), token);
    await bindNewShop(h(), token);
    const fourth = await h().api.post(paths.list, shopIdentity(), { token, lang: 'en-US' });
    expect(fourth.status).toBe(422);
    expect(fourth.body.message).toContain('The shop limit of your Basic plan is 3');
    expect((await list(h(), token)).slots).toEqual({ limit: 3, used: 3, bound: 3, level: 'basic' });
  });

  it('keeps an unbound shop’s slot until its next bind time, then binds it again', async () => {
    const { token } = await signedIn(h());
    const first = await bindNewShop(h(), token, { shopName: '一号店' });
    const now = moveClock(h(), 0);
    const unbound = await h().api.post<ShopChangeData>(paths.unbind(first.id), undefined, {
      token,
      lang: 'en-US',
    });
    expect(unbound.status).toBe(200);
    const next = new Date(now.getTime() + SHOP_REBIND_COOLDOWN_HOURS * HOUR_MS);
    expect(unbound.body.data.shop).toMatchObject({
      bindStatus: 'UNBOUND',
      nextBindAt: next.toISOString(),
    });
    expect(unbound.body.message).toMatch(/^Shop unbound; it can be bound again after \d{4}-/);
    expect(unbound.body.data.slots).toMatchObject({ used: 1, bound: 0 });
    expect(
      (await h().api.post(paths.unbind(first.id), undefined, { token, lang: 'en-US' })).body
        .message,
    ).toBe('Only a bound shop can be unbound');

    // Neither the same shop nor another may take the slot before then.
    const same = await h().api.post(paths.bind(first.id), undefined, { token, lang: 'en-US' });
    expect(same.status).toBe(422);
    expect(same.body.message).toMatch(/^Shop "一号店" was unbound recently and can be bound again/);
    const byIdentity = await h().api.post(
      paths.list,
      { platform: first.platform, shopName: first.shopName, shopCode: first.shopCode },
      { token },
    );
    expect(byIdentity.status).toBe(422);
    const other = await h().api.post(paths.list, shopIdentity(), { token });
    expect(other.status).toBe(422);
    expect(other.body.message).toContain('最多可绑定 1 个店铺');

    // A minute before the next bind time: still refused; after it: bound again.
    moveClock(h(), SHOP_REBIND_COOLDOWN_HOURS * HOUR_MS - 60_000);
    expect((await h().api.post(paths.bind(first.id), undefined, { token })).status).toBe(422);
    moveClock(h(), SHOP_REBIND_COOLDOWN_HOURS * HOUR_MS + 60_000);
    const rebound = await h().api.post<ShopChangeData>(paths.bind(first.id), undefined, { token });
    expect(rebound.status).toBe(200);
    expect(rebound.body.data.shop).toMatchObject({ bindStatus: 'BOUND', nextBindAt: null });
  });

  it('lets another shop take a freed slot after the next bind time', async () => {
    const { token } = await signedIn(h());
    const first = await bindNewShop(h(), token);
    await h().api.post(paths.unbind(first.id), undefined, { token });
    moveClock(h(), SHOP_REBIND_COOLDOWN_HOURS * HOUR_MS + 1000);
    const second = await bindNewShop(h(), token);
    expect(second.bindStatus).toBe('BOUND');
    const page = await list(h(), token);
    expect(page.counts).toEqual({ all: 2, BOUND: 1, UNBOUND: 1, EXPIRED: 0 });
    expect(page.slots).toMatchObject({ used: 1, limit: 1 });
  });

  it('binds a shop to one account at a time, without naming the other', async () => {
    const a = await signedIn(h());
    const b = await signedIn(h());
    const identity = shopIdentity({ shopCode: 'SHARED-1' });
    const mine = await bindNewShop(h(), a.token, identity);
    const theirs = await h().api.post(paths.list, identity, { token: b.token, lang: 'en-US' });
    expect(theirs.status).toBe(409);
    expect(theirs.body.message).toBe(
      'This shop is bound to another account; unbind it there first',
    );
    expect(theirs.body.message).not.toContain(a.user.username);
    // Once the first account lets it go, the other may bind it.
    await h().api.post(paths.unbind(mine.id), undefined, { token: a.token });
    expect((await h().api.post(paths.list, identity, { token: b.token })).status).toBe(200);
  });

  it('lets the account that sees a shop in its seller center take it from a hand binding (F8)', async () => {
    const squatter = await signedIn(h());
    const owner = await signedIn(h());
    const identity = shopIdentity({
      platform: 'tiktok',
      shopName: 'Glow Store',
      shopCode: 'GLOW-1',
    });
    const claimed = await bindNewShop(h(), squatter.token, identity);
    // The owner's extension reports the shop from inside its seller center: it wins.
    const report = await h().api.post<ShopReportData>(paths.report, identity, {
      token: owner.token,
      lang: 'en-US',
    });
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({
      outcome: 'bound',
      shop: { bindStatus: 'BOUND', source: 'extension' },
    });
    // The hand binding ended, its slot free at once, with a message saying why.
    const gone = (await list(h(), squatter.token)).list.find((s) => s.id === claimed.id);
    expect(gone).toMatchObject({ bindStatus: 'EXPIRED' });
    const messages = await h()
      .database.handle.db.select()
      .from(inboxMessages)
      .where(eq(inboxMessages.userId, squatter.tokens.user.id));
    expect(messages.map((m) => m.kind)).toEqual(['shopClaimedInSellerCenter']);
    const box = await h().api.get<{ list: Array<{ title: string; content: string }> }>(
      apiPaths.messages.list,
      { token: squatter.token, lang: 'en-US', query: { type: 'notice' } },
    );
    expect(box.body.data.list[0]).toMatchObject({ title: 'Shop bound from its seller center' });
    expect(box.body.data.list[0]!.content).toContain('Glow Store');
    // Now neither a hand binding nor the squatter's own report takes it back: the owner saw it first.
    for (const path of [paths.list, paths.report, paths.bind(claimed.id)]) {
      const body = path === paths.bind(claimed.id) ? undefined : identity;
      const again = await h().api.post(path, body, { token: squatter.token, lang: 'en-US' });
      expect(again.status).toBe(409);
    }
    // A hand binding the extension then sees becomes a seen one: another report cannot take it.
    const other = await signedIn(h());
    const handBound = shopIdentity({ shopCode: 'SEEN-LATER' });
    await bindNewShop(h(), other.token, handBound);
    const seen = await h().api.post<ShopReportData>(paths.report, handBound, {
      token: other.token,
    });
    expect(seen.body.data).toMatchObject({
      outcome: 'alreadyBound',
      shop: { source: 'extension' },
    });
    const third = await signedIn(h());
    const refused = await h().api.post(paths.report, handBound, { token: third.token });
    expect(refused.status).toBe(409);
  });

  it('binds the shop the extension reports, idempotently, keeping its names current', async () => {
    const { token } = await signedIn(h());
    const identity = shopIdentity({ platform: 'tiktok', shopName: 'Glow Store', siteName: 'US' });
    const first = await h().api.post<ShopReportData>(paths.report, identity, {
      token,
      lang: 'en-US',
    });
    expect(first.status).toBe(200);
    expect(first.body.data.outcome).toBe('bound');
    expect(first.body.data.shop).toMatchObject({ source: 'extension', bindStatus: 'BOUND' });
    const second = await h().api.post<ShopReportData>(
      paths.report,
      { ...identity, shopName: 'Glow Store Official' },
      { token, lang: 'en-US' },
    );
    expect(second.body.data.outcome).toBe('alreadyBound');
    expect(second.body.message).toBe('The shop is already bound');
    expect(second.body.data.shop).toMatchObject({
      id: first.body.data.shop.id,
      shopName: 'Glow Store Official',
    });
    // A second shop on the free allowance: a clear refusal the extension can show.
    const refused = await h().api.post(paths.report, shopIdentity(), { token, lang: 'en-US' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('The shop limit of your free allowance is 1');
  });

  it('lets one of two parallel binds take the last slot', async () => {
    const { token } = await signedIn(h());
    const results = await Promise.all(
      [shopIdentity(), shopIdentity(), shopIdentity()].map((identity) =>
        h().api.post(paths.list, identity, { token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect((await list(h(), token)).counts.BOUND).toBe(1);
  });

  it('expires the most recently bound shops when a membership lapses, once, with a message each', async () => {
    const { token, tokens, user } = await signedIn(h());
    const userId = tokens.user.id;
    const endsAt = new Date(Date.now() + 2 * HOUR_MS);
    await grantPlan(h(), userId, 'basic', { endsAt });
    const oldest = await bindNewShop(h(), token, { shopName: '老店' });
    moveClock(h(), 60_000);
    const middle = await bindNewShop(h(), token, { shopName: '二店' });
    moveClock(h(), 120_000);
    const newest = await bindNewShop(h(), token, { shopName: '新店' });

    // Before the end nothing happens; after it, the job keeps the oldest bound shop only.
    expect(await expireShopsBeyondLimits(h().app.db, new Date(endsAt.getTime() - 1000))).toBe(0);
    const after = new Date(endsAt.getTime() + 1000);
    expect(await expireShopsBeyondLimits(h().app.db, after)).toBe(2);
    expect(await expireShopsBeyondLimits(h().app.db, after)).toBe(0);
    h().app.clock.now = () => after;
    const page = await list(h(), token);
    const statusOf = (id: number) => page.list.find((s) => s.id === id)?.bindStatus;
    expect([statusOf(oldest.id), statusOf(middle.id), statusOf(newest.id)]).toEqual([
      'BOUND',
      'EXPIRED',
      'EXPIRED',
    ]);
    expect(page.slots).toEqual({ limit: 1, used: 1, bound: 1, level: 'none' });
    const messages = await h()
      .app.db.select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, userId), eq(inboxMessages.kind, 'shopBindExpired')));
    expect(messages.map((m) => m.params.shopName).sort()).toEqual(['二店', '新店'].sort());
    expect(messages.every((m) => m.type === 'todo')).toBe(true);
    const relogin = await login(h(), user.username, user.password);
    expect((relogin.body.data as LoginData).user.currentShopBindCount).toBe(1);

    // No room for an expired shop now; after a renewal it binds again at once.
    expect((await h().api.post(paths.bind(newest.id), undefined, { token })).status).toBe(422);
    await grantPlan(h(), userId, 'pro', { startsAt: after });
    const back = await h().api.post<ShopChangeData>(paths.bind(newest.id), undefined, { token });
    expect(back.status).toBe(200);
    expect(back.body.data.shop.bindStatus).toBe('BOUND');
  });

  it('expires lazily in the shop list, without the job', async () => {
    const { token, tokens } = await signedIn(h());
    const endsAt = new Date(Date.now() + HOUR_MS);
    await grantPlan(h(), tokens.user.id, 'basic', { endsAt });
    await bindNewShop(h(), token);
    await bindNewShop(h(), token);
    h().app.clock.now = () => new Date(endsAt.getTime() + 1000);
    const page = await list(h(), token);
    expect(page.counts).toMatchObject({ BOUND: 1, EXPIRED: 1 });
    // The workplace says the plan lapsed, and when.
    const stats = await h().api.get<SendStats>(apiPaths.sendRecords.stats, { token });
    expect(stats.body.data.membership).toMatchObject({
      level: 'none',
      isActive: false,
      validTo: null,
      endedAt: endsAt.toISOString(),
    });
    expect(stats.body.data.shops.counts).toEqual({ BOUND: 1, UNBOUND: 0, EXPIRED: 1 });
  });

  it("answers 404 for another seller's shop and changes nothing", async () => {
    const owner = await signedIn(h());
    const stranger = await signedIn(h());
    const mine = await bindNewShop(h(), owner.token);
    const opts = { token: stranger.token };
    expect((await h().api.get(paths.one(mine.id), opts)).status).toBe(404);
    expect((await h().api.post(paths.unbind(mine.id), undefined, opts)).status).toBe(404);
    expect((await h().api.post(paths.bind(mine.id), undefined, opts)).status).toBe(404);
    expect((await list(h(), stranger.token)).total).toBe(0);
    const [row] = await h().app.db.select().from(shops).where(eq(shops.id, mine.id));
    expect(row?.bindStatus).toBe('BOUND');
  });

  it.each([
    [{ shopCode: '' }, 'Shop code cannot be empty'],
    [
      { shopCode: 'has space' },
      'Shop code may contain only letters, digits and _ . -, at most 64 characters',
    ],
    [{ shopName: '' }, 'Shop name cannot be empty'],
    [{ platform: 'kuaishou' }, 'Please choose a platform'],
  ])('refuses %o naming the field', async (change, message) => {
    const { token } = await signedIn(h());
    const res = await h().api.post(
      paths.list,
      { ...shopIdentity(), ...change },
      { token, lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('requires a sign-in on every shop route', async () => {
    const calls = [
      h().api.get(paths.list),
      h().api.get(paths.one(1)),
      h().api.post(paths.list, shopIdentity()),
      h().api.post(paths.bind(1)),
      h().api.post(paths.unbind(1)),
      h().api.post(paths.report, shopIdentity()),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});
