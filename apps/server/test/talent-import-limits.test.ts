import { apiPaths, importFileLimits, type TalentPage } from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { IMPORT_RECOVERY_JOB } from '../src/app.ts';
import { IMPORT_LEASE_MS, claimImport, releaseImport } from '../src/lib/sheets/import-runs.ts';
import { craftedFiles, craftedXlsx, sheetXml, talentRows } from './support/crafted-sheets.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { addTalent, csvFile, importFile, multipartBody } from './support/talents.ts';

/**
 * Issue 15, F3: an import reads the whole file first, within limits, writes in short
 * transactions (other accounts' requests run meanwhile), one import at a time per
 * account, and stays all or nothing. Behaviour only: the timings are in the bench
 * (`npm run bench -- imports`).
 */

const paths = apiPaths.talents;
const header = ['Talent name', 'Platform', 'Talent ID'];
/** Conditions are polled; a loaded machine may take a while to get there. */
const eventually = { timeout: 60_000, interval: 20 };

async function talentCount(h: Harness, userId: number): Promise<number> {
  const result = await h.app.db.execute(
    sql`select count(*)::int as n from talents where user_id = ${userId}`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

async function runRows(h: Harness): Promise<number> {
  const result = await h.app.db.execute(sql`select count(*)::int as n from import_runs`);
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

function manyRows(count: number, prefix: string): Buffer {
  const rows: unknown[][] = [header];
  for (let i = 0; i < count; i++) rows.push([`名字${i}`, 'douyin', `${prefix}_${i}`]);
  return csvFile(rows);
}

describeApi('talent import: limits, short transactions, one at a time', (h) => {
  it('refuses each crafted file with its own message, and writes nothing', async () => {
    const { token, tokens } = await signedIn(h());
    for (const file of await craftedFiles(importFileLimits)) {
      const res = await importFile(
        h(),
        token,
        { content: file.content, filename: file.name },
        { lang: 'en-US' },
      );
      if (file.message === null) {
        expect(res.status, `${file.name}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.data.accepted, file.name).toBe(file.imports);
        await h().app.db.execute(sql`delete from talents where user_id = ${tokens.user.id}`);
      } else {
        expect(res.status, file.name).toBe(400);
        expect(res.body.message, file.name).toBe(file.message);
        expect(await talentCount(h(), tokens.user.id), file.name).toBe(0);
      }
    }
    // Each refusal frees the account.
    expect(await runRows(h())).toBe(0);
  });

  it('says what is over the limit in Chinese too, and limits CSV cells and their length', async () => {
    const { token, tokens } = await signedIn(h());
    const long = await importFile(h(), token, {
      content: csvFile([header, ['甲', 'douyin', 'a'], ['x'.repeat(32_768), 'douyin', 'b']]),
      filename: 'long.csv',
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('第 3 行有单元格超过 32767 个字符');
    // Two bytes a field: the cell limit comes far below the 20 MB upload limit.
    const line = `${'a,'.repeat(999)}a\r\n`;
    const wide = `${header.join(',')}\r\n${line.repeat(importFileLimits.cells / 1_000 + 1)}`;
    const cells = await importFile(h(), token, { content: Buffer.from(wide), filename: 'w.csv' });
    expect(cells.status).toBe(400);
    expect(cells.body.message).toBe(
      `文件的单元格过多（最多 ${importFileLimits.cells} 个，空单元格也计算在内），请只保留达人数据或分批导入`,
    );
    expect(await talentCount(h(), tokens.user.id)).toBe(0);
  });

  it("answers another account's requests while an import is in progress", async () => {
    const importer = await signedIn(h());
    const other = await signedIn(h());
    await addTalent(h(), other.token, { platformTalentId: 'other_1', name: '别人的达人' });
    let importDone = false;
    const importing = importFile(h(), importer.token, {
      content: manyRows(10_000, 'busy'),
      filename: 'busy.csv',
    }).finally(() => {
      importDone = true;
    });
    // Once it is writing (some chunks committed, more to come)...
    await vi.waitFor(async () => {
      expect(importDone).toBe(false);
      expect(await talentCount(h(), importer.tokens.user.id)).toBeGreaterThan(0);
    }, eventually);
    // ...the other account lists its talents and adds one, and a second import of the
    // importer's is refused; all of it before the import is done.
    const list = await h().api.get<TalentPage>(paths.list, { token: other.token });
    expect(list.body.data.list.map((t) => t.platformTalentId)).toEqual(['other_1']);
    const added = await h().api.post(
      paths.list,
      { platform: 'douyin', platformTalentId: 'other_2', name: '又一个' },
      { token: other.token },
    );
    expect(added.status).toBe(200);
    const second = await importFile(h(), importer.token, {
      content: manyRows(2, 'second'),
      filename: 'second.csv',
    });
    expect(second.status).toBe(409);
    expect(importDone).toBe(false);
    const done = await importing;
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ accepted: 10_000, rejected: 0 });
    expect(await talentCount(h(), importer.tokens.user.id)).toBe(10_000);
  });

  it('refuses a second import of the account while one runs, talents or send records; others import', async () => {
    const importer = await signedIn(h());
    const other = await signedIn(h());
    // An import of the account in progress (its claim, as importTalents takes it).
    const running = await claimImport(h().app.db, importer.tokens.user.id, 'talents', new Date());
    const second = await importFile(
      h(),
      importer.token,
      { content: manyRows(2, 'second'), filename: 'second.csv' },
      { lang: 'en-US' },
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'Another import of this account is in progress; please import again when it has finished',
    );
    const body = multipartBody(
      { content: manyRows(2, 'send'), filename: 'send.csv' },
      {
        shopId: '1',
        taskType: 'free_product',
        contentType: 'vertical_video',
        script: 'hi',
        setName: 'busy',
      },
    );
    const sendImport = await h().app.inject({
      method: 'POST',
      url: apiPaths.sendRecords.import,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${importer.token}` },
    });
    expect(sendImport.statusCode).toBe(409);
    expect((sendImport.json() as { message: string }).message).toBe(
      '已有一个导入正在进行，请等它完成后再导入',
    );
    expect(await talentCount(h(), importer.tokens.user.id)).toBe(0);
    const elsewhere = await importFile(h(), other.token, {
      content: manyRows(3, 'other'),
      filename: 'other.csv',
    });
    expect(elsewhere.status).toBe(200);
    // Once it is over, the account imports again.
    await releaseImport(h().app.db, running);
    const again = await importFile(h(), importer.token, {
      content: manyRows(2, 'again'),
      filename: 'again.csv',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.accepted).toBe(2);
    expect(await runRows(h())).toBe(0);
  });

  it('rolls back chunks already written when a later one fails, restoring updated talents', async () => {
    const { token, tokens } = await signedIn(h());
    const kept = await addTalent(h(), token, {
      platformTalentId: 'db_3',
      name: '原来的名字',
      remark: '原来的备注',
    });
    await h().app.db.execute(sql`
      create or replace function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'boom'; end if;
        return new;
      end $$`);
    await h().app.db.execute(sql`
      create trigger fail_on_boom before insert on talents for each row execute function fail_on_boom()`);
    try {
      const rows: unknown[][] = [[...header, 'Remark']];
      for (let i = 0; i < 1_200; i++) {
        rows.push([i === 1_100 ? 'boom' : `ok ${i}`, 'douyin', `db_${i}`, '导入的备注']);
      }
      const res = await importFile(h(), token, { content: csvFile(rows), filename: 'db.csv' });
      expect(res.status).toBe(500);
    } finally {
      await h().app.db.execute(sql`drop trigger fail_on_boom on talents`);
      await h().app.db.execute(sql`drop function fail_on_boom()`);
    }
    const list = await h().api.get<TalentPage>(paths.list, { token });
    expect(list.body.data.list).toEqual([kept]);
    expect(await talentCount(h(), tokens.user.id)).toBe(1);
    // Journal and claim are gone: nothing left behind.
    const journal = await h().app.db.execute(
      sql`select count(*)::int as n from talent_import_undo`,
    );
    expect((journal as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect(await runRows(h())).toBe(0);
  });

  it('rolls back an import whose rollback failed too, once its lease lapses (the recovery job)', async () => {
    const { token, tokens } = await signedIn(h());
    const kept = await addTalent(h(), token, { platformTalentId: 'lost_5', name: '保留' });
    // The write fails at row 900, and the rollback cannot delete the journal: the request
    // gives up, as a process that died would, and leaves the run and its journal behind.
    await h().app.db.execute(sql`
      create or replace function fail_on_boom() returns trigger language plpgsql as $$
      begin
        raise exception 'no';
      end $$`);
    await h().app.db.execute(sql`
      create or replace function fail_on_row() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'boom'; end if;
        return new;
      end $$`);
    await h().app.db.execute(sql`
      create trigger fail_on_row before insert on talents for each row execute function fail_on_row()`);
    await h().app.db.execute(sql`
      create trigger fail_on_boom before delete on talent_import_undo for each row execute function fail_on_boom()`);
    const rows: unknown[][] = [header];
    for (let i = 0; i < 1_000; i++)
      rows.push([i === 900 ? 'boom' : `n${i}`, 'douyin', `lost_${i}`]);
    try {
      const res = await importFile(h(), token, { content: csvFile(rows), filename: 'lost.csv' });
      expect(res.status).toBe(500);
    } finally {
      await h().app.db.execute(sql`drop trigger fail_on_row on talents`);
      await h().app.db.execute(sql`drop trigger fail_on_boom on talent_import_undo`);
      await h().app.db.execute(sql`drop function fail_on_row()`);
      await h().app.db.execute(sql`drop function fail_on_boom()`);
    }
    // Half-written for now, and the account is still held.
    expect(await talentCount(h(), tokens.user.id)).toBeGreaterThan(1);
    const held = await importFile(h(), token, { content: manyRows(1, 'x'), filename: 'x.csv' });
    expect(held.status).toBe(409);
    const job = h().app.jobs.jobs.find((j) => j.name === IMPORT_RECOVERY_JOB)!;
    // While the lease holds, the job leaves the run alone (its writer may be alive).
    await job.run(new Date());
    expect(await runRows(h())).toBe(1);
    await job.run(new Date(Date.now() + IMPORT_LEASE_MS + 1_000));
    expect(await runRows(h())).toBe(0);
    const list = await h().api.get<TalentPage>(paths.list, { token });
    expect(list.body.data.list.map((t) => [t.platformTalentId, t.name])).toEqual([
      [kept.platformTalentId, kept.name],
    ]);
    expect(list.body.data.list[0]!.updatedAt).toBe(kept.updatedAt);
    const free = await importFile(h(), token, { content: manyRows(1, 'y'), filename: 'y.csv' });
    expect(free.status).toBe(200);
  });

  it('reads the first sheet only, whatever comes after it', async () => {
    const { token } = await signedIn(h());
    const second = sheetXml(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>不是达人</t></is></c></row>',
    );
    const file = await craftedXlsx({ sheets: [sheetXml(talentRows(2)), second, second] });
    const res = await importFile(h(), token, { content: file, filename: 'two.xlsx' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.accepted).toBe(2);
  });
});
