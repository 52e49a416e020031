import {
  apiPaths,
  talentFilters,
  talentSortFields,
  type Talent,
  type TalentCountData,
  type TalentPage,
  type TalentSortField,
} from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { talents } from '../src/db/schema.ts';
import { walkTalents } from '../src/modules/talents/repository.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { seedTalents, type TalentSeed } from './support/talents.ts';

const paths = apiPaths.talents;
type Row = typeof talents.$inferSelect;

const names = [
  '小王',
  '王小明',
  '大王子',
  'Lily Wang',
  'LILY',
  'lil',
  '100% 纯棉',
  'a_b',
  'ab',
  'Dr. Smith',
  '美妆达人小王',
  'Ámélie',
];
const fans = [0, 999, 1000, 3000, 5000, 5001, 9999, 10000, 50000, 99999, 100000, 2_500_000];
const amounts = [0, 10_000, 10_001, 99_999, 100_000, 1_000_000, 5_000_000];
const deals = [0, 10, 11, 100, 1000, 5];
const statuses = [
  'pending_contact',
  'communicating',
  'cooperating',
  'rejected',
  'active',
  'inactive',
  'pending',
  'cooperation_ended',
];
const labelSets = [[], ['quality'], ['直播', 'top'], ['种草'], ['quality', '种草']];
const hour = 3_600_000;
const base = Date.UTC(2026, 0, 1);

/** 48 talents whose columns vary independently, with ties on every sort column. */
function dataset(): TalentSeed[] {
  return Array.from({ length: 48 }, (_, i) => ({
    name: i < names.length ? names[i]! : `${names[i % names.length]} ${i}`,
    platform: i % 3 === 0 ? 'tiktok' : 'douyin',
    shopName: ['旗舰店A', 'Shop B', '', 'Shop B'][i % 4]!,
    industry: [null, 'beauty', 'food', 'digital', 'pets'][i % 5]!,
    status: statuses[i % 8]!,
    contactMethod: [null, 'wechat', 'phone', 'email', 'tiktok', 'address'][i % 6]!,
    labels: labelSets[Math.floor(i / 2) % 5]!,
    fansCount: fans[i % 12]!,
    businessAmountFen: amounts[i % 7]!,
    // Every fifth talent's business amount is the platform's, in US cents (issue 19).
    ...(i % 5 === 4 ? { figuresSyncedAt: new Date(base), figuresCurrency: 'USD' } : {}),
    dealCount: deals[Math.floor(i / 3) % 6]!,
    videoAvgViews: ((i * 37) % 11) * 100,
    videoGpmFen: ((i * 13) % 7) * 50,
    liveAvgViews: ((i * 5) % 9) * 10,
    liveGpmFen: ((i * 11) % 5) * 25,
    addedAt: new Date(base + (i % 16) * hour),
    createdAt: new Date(base + 40 * 24 * hour + i * 60_000),
    updatedAt: new Date(base + 80 * 24 * hour + (i % 10) * 24 * hour),
  }));
}

async function setUp(h: Harness) {
  const owner = await signedIn(h);
  const userId = owner.tokens.user.id;
  const rows = await seedTalents(h, userId, dataset());
  // Another seller's talents match the same filters and must never show.
  const stranger = await signedIn(h);
  await seedTalents(h, stranger.tokens.user.id, dataset().slice(0, 12));
  return { token: owner.token, rows };
}

async function listAll(h: Harness, token: string, query: Record<string, string | number>) {
  const res = await h.api.get<TalentPage>(paths.list, {
    token,
    query: { pageSize: 100, ...query },
    lang: 'en-US',
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data.list;
}

const sortValue = (row: Row | Talent, field: TalentSortField): number => {
  const value = (row as Record<string, unknown>)[field];
  return value instanceof Date
    ? value.getTime()
    : typeof value === 'string'
      ? Date.parse(value)
      : Number(value);
};

function ordered(rows: Row[], field: TalentSortField, order: 'asc' | 'desc'): number[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => sign * (sortValue(a, field) - sortValue(b, field) || a.id - b.id))
    .map((r) => r.id);
}

const iso = (d: Date) => d.toISOString();
/** The currency of a talent's business amount: the platform's once synced, else CNY. */
const currencyOf = (r: Row) => (r.figuresSyncedAt ? r.figuresCurrency : null) ?? 'CNY';
const inYuan = (r: Row) => currencyOf(r) === 'CNY';

describeApi('talent search', (h) => {
  it('narrows exactly by each filter and by combinations, both bounds included', async () => {
    const { token, rows } = await setUp(h());
    const at = (i: number) => rows[i]!;
    const cases: Array<[string, Record<string, string | number>, (r: Row) => boolean]> = [
      ['shop', { shopName: '旗舰店A' }, (r) => r.shopName === '旗舰店A'],
      ['industry', { industry: 'beauty' }, (r) => r.industry === 'beauty'],
      ['status', { status: 'communicating' }, (r) => r.status === 'communicating'],
      ['contact', { contactMethod: 'wechat' }, (r) => r.contactMethod === 'wechat'],
      ['platform', { platform: 'tiktok' }, (r) => r.platform === 'tiktok'],
      ['tier label', { label: 'quality' }, (r) => r.labels.includes('quality')],
      ['own label', { label: '种草' }, (r) => r.labels.includes('种草')],
      [
        'fans preset 1k-5k',
        { fansMin: 1000, fansMax: 5000 },
        (r) => r.fansCount >= 1000 && r.fansCount <= 5000,
      ],
      ['fans 100k+', { fansMin: 100_000 }, (r) => r.fansCount >= 100_000],
      ['fans up to 999', { fansMax: 999 }, (r) => r.fansCount <= 999],
      [
        'amount 100-1k yuan',
        { businessAmountMinFen: 10_000, businessAmountMaxFen: 100_000 },
        (r) => inYuan(r) && r.businessAmountFen >= 10_000 && r.businessAmountFen <= 100_000,
      ],
      [
        'amount 100-1k dollars',
        {
          businessAmountMinFen: 10_000,
          businessAmountMaxFen: 100_000,
          businessAmountCurrency: 'USD',
        },
        (r) =>
          currencyOf(r) === 'USD' &&
          r.businessAmountFen >= 10_000 &&
          r.businessAmountFen <= 100_000,
      ],
      ['amounts in dollars', { businessAmountCurrency: 'usd' }, (r) => currencyOf(r) === 'USD'],
      [
        'amount 10k+ yuan',
        { businessAmountMinFen: 1_000_000 },
        (r) => inYuan(r) && r.businessAmountFen >= 1_000_000,
      ],
      [
        'deals 10-100',
        { dealCountMin: 10, dealCountMax: 100 },
        (r) => r.dealCount >= 10 && r.dealCount <= 100,
      ],
      ['deals 1k+', { dealCountMin: 1000 }, (r) => r.dealCount >= 1000],
      [
        'created',
        { createdFrom: iso(at(5).createdAt), createdTo: iso(at(9).createdAt) },
        (r) => r.createdAt >= at(5).createdAt && r.createdAt <= at(9).createdAt,
      ],
      [
        'added',
        { addedFrom: iso(at(3).addedAt), addedTo: iso(at(4).addedAt) },
        (r) => r.addedAt >= at(3).addedAt && r.addedAt <= at(4).addedAt,
      ],
      [
        'updated from',
        { updatedFrom: iso(at(7).updatedAt) },
        (r) => r.updatedAt >= at(7).updatedAt,
      ],
      ['updated to', { updatedTo: iso(at(2).updatedAt) }, (r) => r.updatedAt <= at(2).updatedAt],
      [
        'combined: platform, fans and label',
        { platform: 'douyin', fansMin: 1000, label: 'quality' },
        (r) => r.platform === 'douyin' && r.fansCount >= 1000 && r.labels.includes('quality'),
      ],
      [
        'combined: shop, amount and name',
        { shopName: 'Shop B', businessAmountMaxFen: 99_999, name: '王' },
        (r) =>
          r.shopName === 'Shop B' &&
          inYuan(r) &&
          r.businessAmountFen <= 99_999 &&
          r.name.includes('王'),
      ],
      [
        'combined: status, contact and deals',
        { status: 'pending_contact', contactMethod: 'phone', dealCountMax: 11 },
        (r) => r.status === 'pending_contact' && r.contactMethod === 'phone' && r.dealCount <= 11,
      ],
    ];
    for (const [title, query, keep] of cases) {
      const expected = rows
        .filter(keep)
        .map((r) => r.id)
        .sort((a, b) => a - b);
      expect(expected.length, `${title} must keep some rows`).toBeGreaterThan(0);
      expect(expected.length, `${title} must drop some rows`).toBeLessThan(rows.length);
      const found = (await listAll(h(), token, query)).map((t) => t.id).sort((a, b) => a - b);
      expect(found, title).toEqual(expected);
      const count = await h().api.get<{ total: number }>(paths.count, { token, query });
      expect(count.body.data.total, `${title} count`).toBe(expected.length);
    }
    // The boundary values themselves are in (equal to min and to max).
    const inRange = (await listAll(h(), token, { fansMin: 1000, fansMax: 5000 })).map(
      (t) => t.fansCount,
    );
    expect(inRange).toEqual(expect.arrayContaining([1000, 5000]));
    expect(inRange).not.toContain(999);
    expect(inRange).not.toContain(5001);
    const created = await listAll(h(), token, {
      createdFrom: iso(at(5).createdAt),
      createdTo: iso(at(9).createdAt),
    });
    expect(created.map((t) => t.id).sort((a, b) => a - b)).toEqual(
      [5, 6, 7, 8, 9].map((i) => at(i).id),
    );
  });

  it('refuses a range whose minimum is above its maximum', async () => {
    const { token } = await signedIn(h());
    const res = await h().api.get(paths.count, {
      token,
      query: { fansMin: 10, fansMax: 9 },
      lang: 'en-US',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The minimum of a range cannot be greater than its maximum');
  });

  it('finds names by any substring, Chinese 1- and 2-character pieces, Latin in any case, % and _ literally', async () => {
    const { token, rows } = await setUp(h());
    const cases: Array<[string, string[]]> = [
      ['王', ['小王', '王小明', '大王子', '美妆达人小王']],
      ['小王', ['小王', '美妆达人小王']],
      ['王子', ['大王子']],
      ['达人小', ['美妆达人小王']],
      ['lily', ['Lily Wang', 'LILY']],
      ['LiL', ['Lily Wang', 'LILY', 'lil']],
      ['y w', ['Lily Wang']],
      ['%', ['100% 纯棉']],
      ['_', ['a_b']],
      ['ámé', ['Ámélie']],
      ['. s', ['Dr. Smith']],
    ];
    for (const [term, firsts] of cases) {
      const expected = rows
        .filter((r) => r.name.toLowerCase().includes(term.toLowerCase()))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      for (const name of firsts)
        expect(
          rows.some((r) => r.name === name && expected.includes(r.id)),
          `${term} → ${name}`,
        ).toBe(true);
      const found = await listAll(h(), token, { name: term });
      expect(
        found.map((t) => t.id).sort((a, b) => a - b),
        term,
      ).toEqual(expected);
      expect(found.every((t) => t.name.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    }
    expect(await listAll(h(), token, { name: '王大' })).toEqual([]);
  });

  // Issue 20 #2: the field says "talent name or talent ID"; an ID is found exactly or by its start.
  it('finds a talent by its platform ID, exactly or by its start, in any case, beside names', async () => {
    const owner = await signedIn(h());
    const userId = owner.tokens.user.id;
    const base = Date.UTC(2026, 0, 1);
    const seeds: TalentSeed[] = [
      { name: '小王', platformTalentId: '71234567890' },
      { name: 'Luna', platformTalentId: '71234567891' },
      { name: 'Mia', platformTalentId: 'Luna_Shop', platform: 'tiktok' },
      { name: 'Zed', platformTalentId: 'tt_zed', platform: 'tiktok' },
      { name: 'Tom', platformTalentId: 'ttxzed', platform: 'tiktok' },
      { name: '7123 fan club', platformTalentId: 'fan_1', platform: 'tiktok' },
      ...Array.from({ length: 30 }, (_, i) => ({ name: `n${i}`, platformTalentId: `x${i}` })),
    ];
    await seedTalents(
      h(),
      userId,
      seeds.map((seed, i) => ({ ...seed, addedAt: new Date(base - i * 60_000) })),
    );
    // Another seller's talent of the same ID is never found.
    const stranger = await signedIn(h());
    await seedTalents(h(), stranger.tokens.user.id, [
      { name: '别人', platformTalentId: '71234567892' },
    ]);

    const names = async (query: Record<string, string | number>) =>
      (await listAll(h(), owner.token, query)).map((t) => t.name).sort();
    const cases: Array<[string, string[]]> = [
      ['71234567890', ['小王']],
      ['7123456789', ['Luna', '小王']],
      ['7123', ['7123 fan club', 'Luna', '小王']],
      ['LUNA', ['Luna', 'Mia']],
      ['luna_s', ['Mia']],
      ['tt_', ['Zed']],
      ['1234567890', []],
      ['71234567892', []],
    ];
    for (const [term, expected] of cases) {
      expect(await names({ name: term }), term).toEqual(expected);
      // Another order walks another index; the total agrees with the list.
      expect(await names({ name: term, sort: 'fansCount', order: 'asc' }), term).toEqual(expected);
      const counted = await h().api.get<TalentCountData>(paths.count, {
        token: owner.token,
        query: { name: term },
      });
      expect(counted.body.data, term).toEqual({ total: expected.length, exact: true });
    }
    // With other filters too.
    expect(await names({ name: '7123', platform: 'douyin' })).toEqual(['Luna', '小王']);

    // The default order's windows (a match inside the first window, or only beyond it)
    // find the same talents as the index of IDs.
    for (const nameWindow of [2, 5, 10_000]) {
      const rows = await walkTalents(h().app.db, userId, talentFilters.parse({ name: '7123' }), {
        sort: 'addedAt',
        order: 'desc',
        limit: 2,
        nameWindow,
      });
      expect(
        rows.map((r) => r.name),
        String(nameWindow),
      ).toEqual(['小王', 'Luna']);
    }
  });

  it('sorts by every sortable field in both orders, ties broken by id', async () => {
    const { token, rows } = await setUp(h());
    for (const sort of talentSortFields) {
      for (const order of ['asc', 'desc'] as const) {
        const found = await listAll(h(), token, { sort, order });
        expect(
          found.map((t) => t.id),
          `${sort} ${order}`,
        ).toEqual(ordered(rows, sort, order));
      }
    }
  });

  it('walks every page by nextCursor and back by prevCursor, each row once and in order', async () => {
    const { token, rows } = await setUp(h());
    for (const [sort, order, filter] of [
      ['addedAt', 'desc', {}],
      ['fansCount', 'asc', {}],
      ['businessAmountFen', 'desc', { platform: 'douyin' }],
    ] as const) {
      const kept = filter.platform ? rows.filter((r) => r.platform === filter.platform) : rows;
      const expected = ordered(kept, sort, order);
      const query = { sort, order, pageSize: 7, ...filter };
      const pages: TalentPage[] = [];
      let cursor: string | null | undefined;
      do {
        const res = await h().api.get<TalentPage>(paths.list, {
          token,
          query: cursor ? { ...query, cursor } : query,
        });
        expect(res.status).toBe(200);
        pages.push(res.body.data);
        cursor = res.body.data.nextCursor;
      } while (cursor && pages.length < 20);
      expect(pages[0]!.prevCursor).toBeNull();
      expect(pages.at(-1)!.nextCursor).toBeNull();
      expect(pages.length).toBe(Math.ceil(expected.length / 7));
      expect(
        pages.flatMap((p) => p.list.map((t) => t.id)),
        `${sort} forwards`,
      ).toEqual(expected);

      const back: number[][] = [pages.at(-1)!.list.map((t) => t.id)];
      cursor = pages.at(-1)!.prevCursor;
      while (cursor) {
        const page: TalentPage = (
          await h().api.get<TalentPage>(paths.list, { token, query: { ...query, cursor } })
        ).body.data;
        back.unshift(page.list.map((t) => t.id));
        cursor = page.prevCursor;
      }
      expect(back.flat(), `${sort} backwards`).toEqual(expected);
      expect(back.map((page) => page.length)).toEqual(pages.map((p) => p.list.length));
    }
  });

  it('jumps by offset from the start and from the end, and pages on from there', async () => {
    const { token, rows } = await setUp(h());
    const expected = ordered(rows, 'fansCount', 'desc');
    const query = { sort: 'fansCount', order: 'desc', pageSize: 7 };
    const get = async (extra: Record<string, string | number>) =>
      (await h().api.get<TalentPage>(paths.list, { token, query: { ...query, ...extra } })).body
        .data;
    const ids = (page: TalentPage) => page.list.map((t) => t.id);

    const jumped = await get({ offset: 14 });
    expect(ids(jumped)).toEqual(expected.slice(14, 21));
    expect(ids(await get({ cursor: jumped.prevCursor! }))).toEqual(expected.slice(7, 14));
    expect(ids(await get({ cursor: jumped.nextCursor! }))).toEqual(expected.slice(21, 28));

    // The last page, whatever its size: the console asks for the rows it holds.
    const last = await get({ fromEnd: 'true', offset: 0, pageSize: 6 });
    expect(ids(last)).toEqual(expected.slice(42));
    expect(last.nextCursor).toBeNull();
    expect(ids(await get({ cursor: last.prevCursor! }))).toEqual(expected.slice(35, 42));

    const nearEnd = await get({ fromEnd: 'true', offset: 6 });
    expect(ids(nearEnd)).toEqual(expected.slice(35, 42));
    expect(ids(await get({ cursor: nearEnd.nextCursor! }))).toEqual(expected.slice(42));
    const first = await get({ fromEnd: 'true', offset: 41 });
    expect(ids(first)).toEqual(expected.slice(0, 7));
    expect(first.prevCursor).toBeNull();
    expect((await get({ offset: 0 })).prevCursor).toBeNull();
  });

  it('keeps exact positions for times written with microseconds', async () => {
    const { token } = await signedIn(h());
    const userId = (await h().api.get<{ id: number }>(apiPaths.auth.me, { token })).body.data.id;
    const seeded = await seedTalents(
      h(),
      userId,
      Array.from({ length: 9 }, (_, i) => ({ name: `µ${i}` })),
    );
    // Same millisecond, different microseconds, and exact ties: what a JS Date cannot hold.
    await h().app.db.execute(sql`
      update talents set added_at = timestamptz '2026-03-01 08:00:00.123000+00'
        + (id % 4) * interval '1 microsecond' where user_id = ${userId}`);
    const expected = [...seeded]
      .map((r) => ({ id: r.id, micro: r.id % 4 }))
      .sort((a, b) => b.micro - a.micro || b.id - a.id)
      .map((r) => r.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { data: TalentPage } } = await h().api.get<TalentPage>(paths.list, {
        token,
        query: cursor ? { pageSize: 2, cursor } : { pageSize: 2 },
      });
      seen.push(...res.body.data.list.map((t) => t.id));
      cursor = res.body.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });

  it('refuses cursors that are garbled, tampered or made for another sort, and jumps too deep', async () => {
    const { token } = await setUp(h());
    const first = (await h().api.get<TalentPage>(paths.list, { token, query: { pageSize: 5 } }))
      .body.data;
    const cursor = first.nextCursor!;
    const invalid = 'This page position is no longer valid, please go back to the first page';
    const forge = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const bad: Array<Record<string, string | number>> = [
      { cursor, sort: 'fansCount' },
      { cursor, order: 'asc' },
      { cursor: 'not a cursor!' },
      { cursor: forge({ s: 'addedAt' }) },
      { cursor: forge({ ...decoded, v: '2026-02-30T00:00:00.000000Z' }) },
      { cursor: forge({ ...decoded, v: "0'; drop table talents; --" }) },
      { cursor: forge({ ...decoded, v: 5 }) },
      { cursor: forge({ ...decoded, i: -1 }) },
      { cursor: forge({ ...decoded, extra: 1 }) },
      { cursor: 'x'.repeat(501) },
    ];
    for (const query of bad) {
      const res = await h().api.get(paths.list, { token, query, lang: 'en-US' });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toBe(invalid);
    }
    const both = await h().api.get(paths.list, {
      token,
      query: { cursor, offset: 5 },
      lang: 'en-US',
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe('Jump position is invalid');
    const deep = await h().api.get(paths.list, { token, query: { offset: 10_001 }, lang: 'en-US' });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe(
      'Pages more than 10,000 rows from the first or last page cannot be jumped to; narrow the filters or page through',
    );
    const deepFromEnd = await h().api.get(paths.list, {
      token,
      query: { offset: 10_001, fromEnd: 'true' },
    });
    expect(deepFromEnd.body.message).toBe(
      '无法直接跳转到距第一页或最后一页超过 10000 条的位置，请缩小筛选范围或逐页翻阅',
    );
    const deepest = await h().api.get<TalentPage>(paths.list, { token, query: { offset: 10_000 } });
    expect(deepest.status).toBe(200);
    expect(deepest.body.data.list).toEqual([]);
    expect((await h().api.get(paths.list, { token, query: { pageSize: 101 } })).status).toBe(400);
  });
});
