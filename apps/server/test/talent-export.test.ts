import { request as httpRequest } from 'node:http';
import { setImmediate } from 'node:timers/promises';
import {
  apiPaths,
  catalogue,
  talentFileColumns,
  type ExportProgress,
  type ExportTicket,
  type Locale,
  type CatalogueKey,
  type Talent,
  type TalentPage,
} from '@inviteflow/contract';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { expect, it, vi } from 'vitest';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import { importFile, seedTalents, wallClock, type TalentSeed } from './support/talents.ts';

const paths = apiPaths.talents;

const risky = [
  '=HYPERLINK("http://example.com","click")',
  '+8613800138000',
  '-5 达人',
  '@SUM(A1)',
  '\tTabbed',
  '\rReturned',
];

/** Digits a spreadsheet would round or strip of their leading 0, were they numbers. */
const longId = '3875201946628017342';
/** A 百应ID is digits too, as long. */
const longBuyinId = '7012345678901234567';
const zeroContact = '0571888866';

/** Rows with every kind of value, formula-like names and number-like texts among them. */
function rows(): TalentSeed[] {
  return Array.from({ length: 30 }, (_, i) => ({
    ...(i === 8 ? { platformTalentId: longId } : {}),
    name: i < risky.length ? risky[i]! : i % 2 ? `达人 ${i}` : `Talent ${i}`,
    platform: i % 4 === 0 ? 'tiktok' : 'douyin',
    // The typed identity's own columns (issue 16): an open id that starts like a formula
    // ('-' is base64url), a long 百应ID.
    creatorOpenId: i % 4 === 0 ? (i === 4 ? '-Abc_open_id_0004' : `uACafQ${i}openid_x`) : null,
    buyinId: i % 4 === 1 ? (i === 5 ? longBuyinId : `70${i}`) : null,
    buyinUid: i % 4 === 1 ? `v2_${i}` : null,
    shopName: i % 3 ? '旗舰店' : '',
    industry: i % 5 ? 'beauty' : null,
    labels: i % 2 ? ['quality', '直播'] : [],
    status: i === 7 ? 'blacklisted' : 'communicating',
    statusBeforeBlacklist: i === 7 ? 'active' : null,
    contactMethod: i % 3 ? 'wechat' : null,
    contactInfo: i === 10 ? zeroContact : i % 3 ? `wx_${i}` : '',
    fansCount: (i * 7919) % 20_000,
    videoAvgViews: i * 10,
    videoGpmFen: i * 105,
    liveAvgViews: i * 3,
    liveGpmFen: i * 1001,
    businessAmountFen: i * 123_456,
    // Figures from the platform's affiliate orders (issue 19), in their currency's minor unit:
    // cents of USD, whole yen.
    ...(i === 12 || i === 16
      ? {
          figuresSyncedAt: new Date('2026-06-30T00:00:00Z'),
          figuresCurrency: i === 12 ? 'USD' : 'JPY',
        }
      : {}),
    dealCount: i,
    remark: i === 3 ? '备注, "带引号"\n第二行' : '',
    addedAt: new Date(Date.UTC(2026, 5, 30, 20, i, 5)),
  }));
}

function label(locale: Locale, key: string): string {
  return catalogue(locale)[key as CatalogueKey];
}

/** What a row of the file should say for a talent, computed from the API's own data. */
function expectedCells(
  t: Talent,
  locale: Locale,
  timeZone: string,
  money: (minor: number, digits?: number) => unknown,
  /** CSV: the clock text; XLSX: a date cell holding the clock reading. */
  time: (text: string) => unknown = (text) => text,
) {
  const tiers = new Set(['quality', 'newbie', 'top', 'middle', 'tail']);
  return [
    t.name,
    label(locale, `enum.platform.${t.platform}`),
    t.platformTalentId,
    t.identity.platform === 'tiktok' ? (t.identity.creatorUserOpenId ?? '') : '',
    t.identity.platform === 'douyin' ? (t.identity.buyinId ?? '') : '',
    t.identity.platform === 'douyin' ? (t.identity.uid ?? '') : '',
    t.shopName,
    t.industry ? label(locale, `enum.industry.${t.industry}`) : '',
    t.labels.map((l) => (tiers.has(l) ? label(locale, `enum.talentTier.${l}`) : l)).join(', '),
    label(locale, `enum.talentStatus.${t.status}`),
    t.contactMethod ? label(locale, `enum.contactMethod.${t.contactMethod}`) : '',
    t.contactInfo,
    t.fansCount,
    t.videoAvgViews,
    money(t.videoGpmFen),
    t.liveAvgViews,
    money(t.liveGpmFen),
    money(t.businessAmountFen, t.figuresCurrency === 'JPY' ? 0 : 2),
    (t.figuresSyncedAt ? t.figuresCurrency : null) ?? 'CNY',
    t.dealCount,
    t.remark,
    time(wallClock(t.addedAt, timeZone)),
    time(wallClock(t.updatedAt, timeZone)),
  ];
}

async function setUp(h: Harness) {
  const owner = await signedIn(h);
  await seedTalents(h, owner.tokens.user.id, rows());
  return owner;
}

async function ticket(h: Harness, token: string, body: Record<string, unknown>, lang?: string) {
  const res = await h.api.post<ExportTicket>(paths.exports, body, { token, lang });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
}

async function expectedRows(h: Harness, token: string, query: Record<string, string | number>) {
  return (await h.api.get<TalentPage>(paths.list, { token, query: { pageSize: 100, ...query } }))
    .body.data.list;
}

describeApi('talent export', (h) => {
  it('exports exactly the filtered rows to xlsx, in the caller’s language and time zone', async () => {
    const { token } = await setUp(h());
    const filter = { platform: 'douyin', fansMin: 1000, sort: 'fansCount', order: 'asc' } as const;
    const expected = await expectedRows(h(), token, filter);
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length).toBeLessThan(30);
    const timeZone = 'America/New_York';
    const t = await ticket(h(), token, { format: 'xlsx', timeZone, ...filter }, 'en-US');
    expect(t.total).toBe(expected.length);
    expect(t.downloadUrl).toMatch(/^\/api\/v1\/talents\/exports\/download\/[\w-]+\.\d+\.[\w-]+$/);

    const before = await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), { token });
    expect(before.body.data).toEqual({
      exportId: t.exportId,
      total: expected.length,
      written: 0,
      state: 'waiting',
    });

    const file = await h().app.inject({ method: 'GET', url: t.downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="talents-\d{8}-\d{4}\.xlsx"; filename\*=UTF-8''Talents-\d{8}-\d{4}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    // The amount's header names no currency: the column after it names each row's.
    expect(values[0]).toEqual(talentFileColumns.map((c) => ('exportEn' in c ? c.exportEn : c.en)));
    expect(values[0]).toContain('Business amount currency');
    // exceljs leaves empty cells out (holes in the array), and XML reads a bare CR as LF.
    const body = values.slice(1).map((row) => Array.from(row, (cell) => cell ?? ''));
    const asXmlReadsIt = (cell: unknown) =>
      typeof cell === 'string' ? cell.replace(/\r/g, '\n') : cell;
    // Times are date cells (Excel and WPS sort and filter them as dates) holding the
    // clock reading in the seller's zone.
    const dateCell = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);
    expect(body).toEqual(
      expected.map((talent) =>
        expectedCells(
          talent,
          'en-US',
          timeZone,
          (minor, digits = 2) => minor / 10 ** digits,
          dateCell,
        ).map(asXmlReadsIt),
      ),
    );
    // Money shows two decimals, times to the second.
    expect(sheet.getColumn(18).numFmt).toBe('0.00');
    expect(sheet.getColumn(22).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getColumn(23).numFmt).toBe('yyyy-mm-dd hh:mm:ss');

    const after = await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), { token });
    expect(after.body.data).toMatchObject({
      written: expected.length,
      total: expected.length,
      state: 'done',
    });
  });

  it('exports csv that Excel and WPS open: BOM, CRLF, formula-like cells guarded, long digits kept as text', async () => {
    const { token } = await setUp(h());
    const expected = await expectedRows(h(), token, { sort: 'addedAt', order: 'desc' });
    const t = await ticket(h(), token, { format: 'csv' });
    expect(t.total).toBe(30);
    const file = await h().app.inject({ method: 'GET', url: t.downloadUrl });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('达人列表-')}`,
    );
    const bytes = file.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const records = parse(bytes, { bom: true, record_delimiter: '\r\n' }) as string[][];
    expect(records[0]).toEqual(talentFileColumns.map((c) => ('exportZh' in c ? c.exportZh : c.zh)));
    expect(records[0]).toContain('带货金额');
    expect(records[0]).not.toContain('带货金额(元)');
    const guard = (v: unknown) =>
      typeof v === 'string' && /^[=+\-@\t\r]/.test(v)
        ? `'${v}`
        : typeof v === 'string' && /^(0\d+|\d{12,})$/.test(v)
          ? `\t${v}`
          : String(v);
    const yuan = (minor: number, digits = 2) => (minor / 10 ** digits).toFixed(digits);
    expect(records.slice(1)).toEqual(
      expected.map((talent) => expectedCells(talent, 'zh-CN', 'Asia/Shanghai', yuan).map(guard)),
    );
    const names = records.slice(1).map((r) => r[0]);
    for (const name of risky) expect(names).toContain(`'${name}`);
    expect(names.filter((n) => /^[=+\-@\t\r]/.test(n!))).toEqual([]);
    expect(records.slice(1).find((r) => r[0] === 'Talent 6')![21]).toBe('2026-07-01 04:06:05');
    // A synced amount in its currency: cents of USD as dollars, yen whole.
    const amount = (name: string) =>
      records
        .slice(1)
        .find((r) => r[0] === name)!
        .slice(17, 19);
    expect(amount('Talent 12')).toEqual(['14814.72', 'USD']);
    expect(amount('Talent 16')).toEqual(['1975296', 'JPY']);
    expect(amount('Talent 14')).toEqual(['17283.84', 'CNY']);
    // A tab before the digits keeps them text in Excel and WPS: no 3.8752E+18, no lost 0.
    expect(records.slice(1).find((r) => r[0] === 'Talent 8')![2]).toBe(`\t${longId}`);
    expect(records.slice(1).find((r) => r[0] === 'Talent 10')![11]).toBe(`\t${zeroContact}`);
    // The identity's columns are guarded alike: an open id may start with '-'.
    expect(records.slice(1).some((r) => r[3] === `'-Abc_open_id_0004`)).toBe(true);
    expect(records.slice(1).some((r) => r[4] === `\t${longBuyinId}`)).toBe(true);
  });

  it('exports every row of a large filter once, in order, reading in batches', async () => {
    const owner = await signedIn(h());
    const many = Array.from({ length: 2_500 }, (_, i) => ({
      name: `n${String(i).padStart(4, '0')}`,
      fansCount: i % 7,
    }));
    await seedTalents(h(), owner.tokens.user.id, many);
    const t = await ticket(h(), owner.token, { format: 'csv', sort: 'fansCount', order: 'asc' });
    expect(t.total).toBe(2_500);
    const file = await h().app.inject({ method: 'GET', url: t.downloadUrl });
    const records = (parse(file.rawPayload, { bom: true }) as string[][]).slice(1);
    const expected = many
      .map((row, i) => ({ ...row, i }))
      .sort((a, b) => a.fansCount - b.fansCount || a.i - b.i)
      .map((row) => row.name);
    expect(records.map((r) => r[0])).toEqual(expected);
    const progress = await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), {
      token: owner.token,
    });
    expect(progress.body.data).toMatchObject({ written: 2_500, total: 2_500, state: 'done' });
  });

  it('answers the progress bar while the file is being written, not after', async () => {
    const owner = await signedIn(h());
    await seedTalents(
      h(),
      owner.tokens.user.id,
      Array.from({ length: 8_000 }, (_, i) => ({ name: `n${i}` })),
    );
    const t = await ticket(h(), owner.token, { format: 'csv' });
    let downloaded = false;
    const download = h()
      .app.inject({ method: 'GET', url: t.downloadUrl })
      .then((res) => {
        downloaded = true;
        return res;
      });
    // PGlite answers on this thread: an export that never yields would hold every
    // other request (this one included) until its last row.
    const seen: string[] = [];
    while (!downloaded) {
      const progress = (
        await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), { token: owner.token })
      ).body.data;
      seen.push(`${progress.state}:${progress.written}`);
      if (progress.state === 'done') break;
      // A progress bar polls between frames. Requests made by inject can complete in
      // microtasks alone (a remembered token, PGlite on this thread), so a loop without
      // a pause would never let the export's batches, which wait a turn, run.
      await setImmediate();
    }
    expect((await download).statusCode).toBe(200);
    expect(seen.some((s) => /^running:[1-9]\d*$/.test(s) && !s.endsWith(':8000'))).toBe(true);
  });

  it('downloads once, within 5 minutes, with an untampered link', async () => {
    const { token } = await setUp(h());
    const invalid = 'The download link is invalid or has expired; please export again';
    const t = await ticket(h(), token, { format: 'csv' });
    const [id, expiry, signature] = t.downloadUrl.split('/').at(-1)!.split('.') as [
      string,
      string,
      string,
    ];
    const other = await ticket(h(), token, { format: 'csv' });
    const otherId = other.exportId;
    const forged = [
      `${otherId}.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 3600}.${signature}`,
      `${id}.${expiry}.${signature.slice(0, -2)}AA`,
      `${id}.${expiry}`,
    ];
    for (const token of forged) {
      const res = await h().api.get(paths.exportDownload(token), { lang: 'en-US' });
      expect(res.status, token).toBe(404);
      expect(res.body.message).toBe(invalid);
    }
    expect((await h().app.inject({ method: 'GET', url: t.downloadUrl })).statusCode).toBe(200);
    const again = await h().api.get(t.downloadUrl, { lang: 'en-US' });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(invalid);

    const late = await ticket(h(), token, { format: 'xlsx' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1_000 });
    try {
      const expired = await h().api.get(late.downloadUrl, { lang: 'en-US' });
      expect(expired.status).toBe(404);
      expect(expired.body.message).toBe(invalid);
    } finally {
      vi.useRealTimers();
    }
    const valid = await ticket(h(), token, { format: 'xlsx' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * 60_000 });
    try {
      expect((await h().app.inject({ method: 'GET', url: valid.downloadUrl })).statusCode).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps progress to its owner and refuses an unknown time zone', async () => {
    const owner = await setUp(h());
    const stranger = await signedIn(h());
    const t = await ticket(h(), owner.token, { format: 'csv' });
    const theirs = await h().api.get(paths.exportProgress(t.exportId), {
      token: stranger.token,
      lang: 'en-US',
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('The requested resource does not exist');
    expect(
      (await h().api.get(paths.exportProgress('no-such-export'), { token: owner.token })).status,
    ).toBe(404);
    const zone = await h().api.post(
      paths.exports,
      { format: 'csv', timeZone: 'Not/AZone' },
      { token: owner.token, lang: 'en-US' },
    );
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe(
      'Invalid time zone: use an IANA time zone name such as Asia/Shanghai',
    );
    const format = await h().api.post(
      paths.exports,
      { format: 'pdf' },
      { token: owner.token, lang: 'en-US' },
    );
    expect(format.status).toBe(400);
    expect(format.body.message).toBe('File format is invalid');
    // A stranger's export holds only the stranger's rows.
    const empty = await ticket(h(), stranger.token, { format: 'csv' });
    expect(empty.total).toBe(0);
    const file = await h().app.inject({ method: 'GET', url: empty.downloadUrl });
    expect((parse(file.rawPayload, { bom: true }) as string[][]).length).toBe(1);
  });

  it('exports files that import back unchanged, in both formats', async () => {
    const owner = await signedIn(h());
    const { token } = owner;
    const seeded = rows().map((row) => ({
      ...row,
      status: 'communicating',
      statusBeforeBlacklist: null,
    }));
    // Only names the API can hold (it trims them) round-trip; '=', '+', '-' and '@' among them.
    const kept = seeded.filter((row) => row.name === row.name.trim());
    await seedTalents(h(), owner.tokens.user.id, kept);
    const before = await expectedRows(h(), token, {});
    await h().api.post(paths.batchBlacklist, { ids: [before[3]!.id], reason: 'r' }, { token });
    const snapshot = await expectedRows(h(), token, {});
    const comparable = (list: Talent[]) =>
      list.map(({ updatedAt: _updatedAt, ...rest }) => rest).sort((a, b) => a.id - b.id);
    for (const format of ['xlsx', 'csv'] as const) {
      for (const lang of ['zh-CN', 'en-US']) {
        const t = await ticket(h(), token, { format, timeZone: 'Asia/Kolkata' }, lang);
        const file = await h().app.inject({ method: 'GET', url: t.downloadUrl });
        const imported = await importFile(
          h(),
          token,
          { content: file.rawPayload, filename: `back.${format}` },
          { fields: { timeZone: 'Asia/Kolkata' } },
        );
        expect(imported.status, `${format} ${lang}`).toBe(200);
        expect(imported.body.data, `${format} ${lang}`).toMatchObject({
          accepted: 0,
          updated: kept.length,
          rejected: 0,
        });
        expect(comparable(await expectedRows(h(), token, {})), `${format} ${lang}`).toEqual(
          comparable(snapshot),
        );
      }
    }
  });

  it('imports an export into another account without reading an amount of another currency as yuan', async () => {
    const { token } = await setUp(h());
    const t = await ticket(h(), token, { format: 'csv' });
    const file = await h().app.inject({ method: 'GET', url: t.downloadUrl });
    const other = await signedIn(h());
    const imported = await importFile(h(), other.token, {
      content: file.rawPayload,
      filename: 'from-another-account.csv',
    });
    expect(imported.status).toBe(200);
    const list = await expectedRows(h(), other.token, {});
    const named = (name: string) => list.find((talent) => talent.name === name)!;
    // Synced in USD cents and whole yen in the first account: the platform's figures, not the
    // seller's own, so the new talents take none (1481472 cents were once read as ¥14,814.72).
    expect(named('Talent 12').businessAmountFen).toBe(0);
    expect(named('Talent 16').businessAmountFen).toBe(0);
    // The seller's own amount, in CNY, is read as before.
    expect(named('Talent 14').businessAmountFen).toBe(14 * 123_456);
    expect(list.every((talent) => talent.figuresCurrency === null)).toBe(true);

    // A currency cell that names none is refused, naming the column; an empty one is CNY.
    const csv = [
      'name,platform,platformTalentId,businessAmount,businessAmountCurrency',
      'A,douyin,cur_a,12.5,US$',
      'B,douyin,cur_b,12.5,cny',
      'C,douyin,cur_c,7,VND',
      'D,douyin,cur_d,3,',
    ].join('\r\n');
    const checked = await importFile(
      h(),
      other.token,
      { content: Buffer.from(csv), filename: 'currencies.csv' },
      { lang: 'en-US' },
    );
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ accepted: 3, rejected: 1 });
    expect(checked.body.data.rows[0]).toMatchObject({ row: 2, outcome: 'rejected' });
    expect(checked.body.data.rows[0]!.reason).toContain('Business amount currency');
    const after = await expectedRows(h(), other.token, { keyword: 'cur_' });
    const byId = (id: string) => after.find((talent) => talent.platformTalentId === id);
    expect(byId('cur_a')).toBeUndefined();
    expect(byId('cur_b')!.businessAmountFen).toBe(1250);
    expect(byId('cur_c')!.businessAmountFen).toBe(0);
    expect(byId('cur_d')!.businessAmountFen).toBe(300);
  });

  it('marks an export failed when the browser cancels the download', async () => {
    const owner = await signedIn(h());
    await seedTalents(
      h(),
      owner.tokens.user.id,
      // About 18 MB: more than the loopback socket buffers hold, so the cancel lands mid-file.
      Array.from({ length: 6_000 }, (_, i) => ({ name: `n${i}`, remark: 'x'.repeat(3_000) })),
    );
    const t = await ticket(h(), owner.token, { format: 'csv' });
    const address = await h().app.listen({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${address}${t.downloadUrl}`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
      req.end();
    });
    // Until the export has ended (a deadline a busy machine meets, not a count of polls).
    let progress: ExportProgress | undefined;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      progress = (
        await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), { token: owner.token })
      ).body.data;
      if (progress.state === 'failed' || progress.state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(progress).toMatchObject({ state: 'failed', total: 6_000 });
    expect(progress!.written).toBeLessThan(6_000);
  });
});

describeApi(
  'talent export across replicas',
  (h) => {
    it('downloads on another replica, once, and both report the progress', async () => {
      const { token } = await setUp(h());
      const t = await ticket(h(), token, { format: 'xlsx' });
      const replica = await h().replica();
      const file = await replica.inject({ method: 'GET', url: t.downloadUrl });
      expect(file.statusCode).toBe(200);
      expect((await h().app.inject({ method: 'GET', url: t.downloadUrl })).statusCode).toBe(404);
      expect((await replica.inject({ method: 'GET', url: t.downloadUrl })).statusCode).toBe(404);
      const progress = await h().api.get<ExportProgress>(paths.exportProgress(t.exportId), {
        token,
      });
      expect(progress.body.data).toMatchObject({ written: 30, total: 30, state: 'done' });
    });
  },
  { redis: true },
);
