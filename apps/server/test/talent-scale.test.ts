import {
  apiPaths,
  talentFilters,
  type TalentCountData,
  type TalentPage,
} from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { countTalents, walkTalents, type WalkedRow } from '../src/modules/talents/repository.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { addTalent, importFile, seedTalents } from './support/talents.ts';

const paths = apiPaths.talents;
const minute = 60_000;

/** Walks every page of a name search with the given window, following cursors. */
async function walkAll(
  h: Harness,
  userId: number,
  name: string,
  nameWindow: number,
  limit = 4,
): Promise<string[]> {
  const seen: string[] = [];
  let after: WalkedRow['position'] | undefined;
  for (;;) {
    const rows = await walkTalents(h.app.db, userId, talentFilters.parse({ name }), {
      sort: 'addedAt',
      order: 'desc',
      limit,
      after,
      nameWindow,
    });
    seen.push(...rows.map((r) => r.name));
    if (rows.length < limit) return seen;
    after = rows.at(-1)!.position;
  }
}

describeApi('talents at scale: counts and name search', (h) => {
  it('keeps the account total in talent_counts through every way of adding and removing', async () => {
    const owner = await signedIn(h());
    const other = await signedIn(h());
    const count = async (token: string) =>
      (await h().api.get<TalentCountData>(paths.count, { token })).body.data;
    expect(await count(owner.token)).toEqual({ total: 0, exact: true });
    const first = await addTalent(h(), owner.token);
    await addTalent(h(), owner.token);
    await seedTalents(h(), owner.tokens.user.id, [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    await addTalent(h(), other.token);
    const report = await importFile(h(), owner.token, {
      content: Buffer.from(
        '\ufeff达人名称,平台,达人ID\r\n导入一,抖音,imp_1\r\n导入二,抖音,imp_2\r\n',
      ),
      filename: 'talents.csv',
    });
    expect(report.body.data.accepted).toBe(2);
    await h().api.delete(paths.one(first.id), { token: owner.token });
    expect(await count(owner.token)).toEqual({ total: 6, exact: true });
    expect(await count(other.token)).toEqual({ total: 1, exact: true });
    // The counter agrees with a real count.
    const real = await h().app.db.execute(
      sql`select count(*)::int as n from talents where user_id = ${owner.tokens.user.id}`,
    );
    expect((real as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(6);
  });

  it('counts a filter exactly, and answers a marked estimate when the count runs out of time', async () => {
    const owner = await signedIn(h());
    const userId = owner.tokens.user.id;
    // 200,000 rows in one statement: enough that no count finishes within 1 ms.
    await h().app.db.execute(sql`
      insert into talents (user_id, platform, platform_talent_id, name, status, fans_count)
      select ${userId}, 'douyin', 'g' || i, 'n' || i, 'pending_contact',
             case when i <= 150 then 99999 else 10 end
      from generate_series(1, 200000) as i`);
    await h().app.db.execute(sql`analyze talents`);
    const narrow = await h().api.get<TalentCountData>(paths.count, {
      token: owner.token,
      query: { fansMin: 50_000 },
    });
    expect(narrow.body.data).toEqual({ total: 150, exact: true });
    const broad = talentFilters.parse({ fansMax: 100 });
    const hurried = await countTalents(h().app.db, userId, broad, { budgetMs: 1 });
    if (h().kind === 'postgres') {
      // Cancelled at 1 ms: the planner's estimate, marked, and never above the account.
      expect(hurried.exact).toBe(false);
      expect(hurried.total).toBeGreaterThan(150_000);
      expect(hurried.total).toBeLessThanOrEqual(200_000);
    } else {
      // PGlite has no statement timeout: it always counts.
      expect(hurried).toEqual({ total: 199_850, exact: true });
    }
    // Within the normal budget, and when asked for an exact number (an export's
    // progress bar), the count is exact.
    const counted = await h().api.get<TalentCountData>(paths.count, {
      token: owner.token,
      query: { fansMax: 100 },
    });
    expect(counted.body.data).toEqual({ total: 199_850, exact: true });
    expect(await countTalents(h().app.db, userId, broad, { exact: true, budgetMs: 1 })).toEqual({
      total: 199_850,
      exact: true,
    });
  });

  it('finds every match of a name search, in order, whether the matches lie inside the first window or beyond it', async () => {
    const owner = await signedIn(h());
    const userId = owner.tokens.user.id;
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 200 rows, newest first by addedAt; "王" names only among the oldest 30 (beyond a
    // window of 50), "lily" names spread everywhere (dense), "zz" nowhere.
    await seedTalents(
      h(),
      userId,
      Array.from({ length: 200 }, (_, i) => ({
        name: i >= 170 ? `老王${i}` : i % 7 === 0 ? `Lily ${i}` : `n${i}`,
        addedAt: new Date(base - i * minute),
      })),
    );
    const expected = (test: (name: string) => boolean) =>
      Array.from({ length: 200 }, (_, i) =>
        i >= 170 ? `老王${i}` : i % 7 === 0 ? `Lily ${i}` : `n${i}`,
      ).filter(test);
    for (const window of [50, 20_000]) {
      expect(await walkAll(h(), userId, '王', window)).toEqual(expected((n) => n.includes('王')));
      expect(await walkAll(h(), userId, 'LILY', window)).toEqual(
        expected((n) => n.toLowerCase().includes('lily')),
      );
      expect(await walkAll(h(), userId, 'zz', window)).toEqual([]);
    }
  });

  it('pages a name search through the API with cursors and jumps alike', async () => {
    const owner = await signedIn(h());
    await seedTalents(
      h(),
      owner.tokens.user.id,
      Array.from({ length: 45 }, (_, i) => ({
        name: i % 3 === 0 ? `小王${i}` : `其他${i}`,
        addedAt: new Date(Date.parse('2026-03-01T00:00:00Z') - i * minute),
      })),
    );
    const page = (query: Record<string, string | number>) =>
      h().api.get<TalentPage>(paths.list, {
        token: owner.token,
        query: { name: '小王', pageSize: 4, ...query },
      });
    const first = await page({});
    expect(first.body.data.list.map((t) => t.name)).toEqual(['小王0', '小王3', '小王6', '小王9']);
    const second = await page({ cursor: first.body.data.nextCursor! });
    expect(second.body.data.list.map((t) => t.name)).toEqual([
      '小王12',
      '小王15',
      '小王18',
      '小王21',
    ]);
    const back = await page({ cursor: second.body.data.prevCursor! });
    expect(back.body.data.list.map((t) => t.name)).toEqual(first.body.data.list.map((t) => t.name));
    const jump = await page({ offset: 8 });
    expect(jump.body.data.list.map((t) => t.name)).toEqual([
      '小王24',
      '小王27',
      '小王30',
      '小王33',
    ]);
    const last = await page({ offset: 0, fromEnd: 'true' });
    expect(last.body.data.list.map((t) => t.name)).toEqual([
      '小王33',
      '小王36',
      '小王39',
      '小王42',
    ]);
  });
});
