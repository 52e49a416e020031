import {
  apiPaths,
  talentFileColumns,
  type ExportTicket,
  type Talent,
  type TalentPage,
} from '@inviteflow/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import {
  addTalent,
  csvFile,
  gb18030,
  importFile,
  seedTalents,
  xlsxFile,
} from './support/talents.ts';

const paths = apiPaths.talents;
const importable = talentFileColumns.filter((c) => !('exportOnly' in c));
const zh = Object.fromEntries(importable.map((c) => [c.key, c.zh])) as Record<string, string>;
const en = Object.fromEntries(importable.map((c) => [c.key, c.en])) as Record<string, string>;

async function allTalents(h: Harness, token: string): Promise<Talent[]> {
  const res = await h.api.get<TalentPage>(paths.list, {
    token,
    query: { pageSize: 100, sort: 'createdAt', order: 'asc' },
  });
  return res.body.data.list;
}

const byId = (list: Talent[], platformTalentId: string) =>
  list.find((t) => t.platformTalentId === platformTalentId);

/** Chinese text from a seeded generator, with characters outside the BMP now and then. */
function chineseText(seed: number, length: number): string {
  let state = seed;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += state % 37 === 0 ? '𠮷' : String.fromCodePoint(0x4e00 + (state % 0x51a5));
  }
  return text;
}

type TextColumns = { platform_talent_id: string; name: string; shop_name: string; remark: string };

async function storedTexts(h: Harness, userId: number): Promise<TextColumns[]> {
  const result = await h.app.db.execute(sql`
    select platform_talent_id, name, shop_name, remark from talents
     where user_id = ${userId} order by platform_talent_id`);
  return (result as unknown as { rows: TextColumns[] }).rows;
}

describeApi('talent import', (h) => {
  it('serves the template in either language and format, with an example row that imports', async () => {
    const { token } = await signedIn(h());
    const xlsx = await h().app.inject({
      method: 'GET',
      url: paths.importTemplate,
      query: { format: 'xlsx', lang: 'zh-CN' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="talent-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent('达人导入模板.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const [sheet, guide] = workbook.worksheets;
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(importable.map((c) => c.zh));
    expect(sheet!.rowCount).toBe(2);
    expect(guide!.name).toBe('填写说明');
    const guideText = JSON.stringify(guide!.getSheetValues());
    for (const needle of ['抖音', 'TikTok', '待联系', '优质', '微信', '美妆个护', '元'])
      expect(guideText).toContain(needle);
    expect(guideText).not.toContain('已拉黑');

    const csv = await h().app.inject({
      method: 'GET',
      url: paths.importTemplate,
      query: { format: 'csv', lang: 'en-US' },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(importable.map((c) => c.en).join(','));
    expect(lines).toHaveLength(3);
    const bad = await h().app.inject({
      method: 'GET',
      url: paths.importTemplate,
      query: { format: 'xls' },
    });
    expect(bad.statusCode).toBe(400);

    // Both examples are the same talent: the second import updates what the first added.
    const first = await importFile(h(), token, { content: xlsx.rawPayload, filename: 't.xlsx' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: 1, updated: 0, rejected: 0 });
    const second = await importFile(h(), token, { content: csv.rawPayload, filename: 't.csv' });
    expect(second.body.data).toMatchObject({ accepted: 0, updated: 1, rejected: 0 });
    const [sample] = await allTalents(h(), token);
    expect(sample).toMatchObject({
      name: 'Sample talent',
      platform: 'douyin',
      labels: ['quality', 'Live'],
      businessAmountFen: 1_580_000,
      contactMethod: 'wechat',
      addedAt: '2026-01-31T06:30:00.000Z',
    });
  });

  it('re-imports its own XLSX export of 5,000 Chinese names byte for byte, across many inflate chunks', async () => {
    const owner = await signedIn(h());
    const userId = owner.tokens.user.id;
    await seedTalents(
      h(),
      userId,
      Array.from({ length: 5_000 }, (_, i) => ({
        platformTalentId: `zh_${String(i).padStart(5, '0')}`,
        name: chineseText(i + 1, 2 + (i % 30)),
        shopName: chineseText(i + 7_919, 1 + (i % 17)),
        remark: chineseText(i + 104_729, 40 + (i % 90)),
        status: 'communicating',
      })),
    );
    const before = await storedTexts(h(), userId);
    const res = await h().api.post<ExportTicket>(
      paths.exports,
      { format: 'xlsx', timeZone: 'Asia/Shanghai' },
      { token: owner.token },
    );
    const file = (await h().app.inject({ method: 'GET', url: res.body.data.downloadUrl }))
      .rawPayload;
    // The sheet inflates in 16 KB chunks (zlib's); count the characters a boundary splits.
    const zip = await JSZip.loadAsync(file);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('nodebuffer');
    let split = 0;
    for (let at = 16_384; at < sheet.length; at += 16_384)
      if ((sheet[at]! & 0xc0) === 0x80) split++;
    // Where the boundaries fall moves with ids and dates from run to run (runs have seen 46
    // and 65 split characters): twenty is many, and far below what any run has seen.
    expect(sheet.length).toBeGreaterThan(100 * 16_384);
    expect(split).toBeGreaterThanOrEqual(20);

    const back = await importFile(h(), owner.token, { content: file, filename: 'back.xlsx' });
    expect(back.status, JSON.stringify(back.body).slice(0, 500)).toBe(200);
    expect(back.body.data).toMatchObject({ accepted: 0, updated: 5_000, rejected: 0 });
    const after = await storedTexts(h(), userId);
    const differences = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(differences.slice(0, 3)).toEqual([]);
    expect(after.some((row) => row.name.includes('𠮷'))).toBe(true);
    expect(after.every((row) => !/\uFFFD/.test(row.name + row.shop_name + row.remark))).toBe(true);
  });

  it('imports an xlsx with zh headers in any order: adds, updates, rejects with the column named', async () => {
    const { token } = await signedIn(h());
    const existing = await addTalent(h(), token, {
      platformTalentId: 'dy_exist',
      name: '老达人',
      remark: '保留的备注',
      fansCount: 5,
      status: 'communicating',
    });
    const header = [
      zh.fansCount,
      zh.name,
      zh.platformTalentId,
      zh.platform,
      zh.labels,
      zh.status,
      zh.businessAmount,
      zh.addedAt,
      zh.industry,
      zh.contactMethod,
      zh.contactInfo,
      '多余的列',
    ];
    const rows = [
      header,
      [
        12000,
        '新达人',
        'dy_new',
        '抖音',
        '优质，直播; top|种草',
        'Communicating',
        1234.5,
        new Date(Date.UTC(2026, 0, 31, 14, 30)),
        '美妆个护',
        '微信',
        'wx_1',
        'ignored',
      ],
      [
        8000,
        '老达人改名',
        'dy_exist',
        'douyin',
        '',
        null,
        '0.01',
        '2026-02-01 09:15',
        null,
        null,
        null,
        null,
      ],
      ['很多', '坏粉丝', 'dy_bad1', '抖音', null, null, null, null, null, null, null, null],
      [1, '坏金额', 'dy_bad2', '抖音', null, null, '12.345', null, null, null, null, null],
      [1, '坏平台', 'dy_bad3', '快手', null, null, null, null, null, null, null, null],
      [1, null, 'dy_bad4', '抖音', null, null, null, null, null, null, null, null],
      [1, '重复', 'dy_new', 'Douyin', null, null, null, null, null, null, null, null],
      [1, '坏时间', 'dy_bad5', '抖音', null, null, null, '2026-02-30', null, null, null, null],
      [],
      [1, '海外达人', 'tt.star', 'TikTok', null, '已拉黑', null, null, null, null, null, null],
      [2, 'Email 达人', 'dy_mail', '抖音', null, null, null, null, null, 'email', 'not-mail', null],
      [1, '坏状态', 'dy_bad6', '抖音', null, '随便', null, null, null, null, null, null],
      [1, '坏行业', 'dy_bad7', '抖音', null, null, null, null, '汽车', null, null, null],
    ];
    const res = await importFile(h(), token, {
      content: await xlsxFile(rows, true),
      filename: 'talents.xlsx',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('导入完成：新增 1，更新 1，失败 10');
    const report = res.body.data;
    expect(report).toMatchObject({ accepted: 1, updated: 1, rejected: 10 });
    expect(report.rows.map((r) => [r.row, r.outcome, r.platformTalentId, r.reason])).toEqual([
      [4, 'rejected', 'dy_bad1', '粉丝数：请输入不小于 0 的整数'],
      [5, 'rejected', 'dy_bad2', '带货金额(元)：请输入不小于 0 的金额，最多两位小数'],
      // A value the column does not know is named, with what the column takes.
      [6, 'rejected', 'dy_bad3', '平台：无法识别“快手”，请填写以下之一：抖音、TikTok'],
      [7, 'rejected', 'dy_bad4', '达人名称：达人名称不能为空'],
      [8, 'rejected', 'dy_new', '达人ID：与第 2 行的达人 ID 重复'],
      [9, 'rejected', 'dy_bad5', '添加时间：时间格式不正确'],
      [11, 'rejected', 'tt.star', '状态：不能直接设为该状态，拉黑达人请使用“加入黑名单”'],
      [12, 'rejected', 'dy_mail', '联系信息：请输入有效的邮箱格式'],
      [
        13,
        'rejected',
        'dy_bad6',
        '状态：无法识别“随便”，请填写以下之一：合作中、合作结束、待联系、沟通中、已拒绝、活跃、不活跃、待定',
      ],
      [
        14,
        'rejected',
        'dy_bad7',
        '行业：无法识别“汽车”，请填写以下之一：美妆个护、服饰鞋包、食品饮料、家居生活、数码家电、母婴、医药健康、运动户外、宠物、珠宝配饰、图书文娱、其他',
      ],
      [2, 'accepted', 'dy_new', null],
      [3, 'updated', 'dy_exist', null],
    ]);

    const list = await allTalents(h(), token);
    expect(list).toHaveLength(2);
    expect(byId(list, 'dy_new')).toMatchObject({
      name: '新达人',
      platform: 'douyin',
      fansCount: 12000,
      labels: ['quality', '直播', 'top', '种草'],
      status: 'communicating',
      businessAmountFen: 123_450,
      industry: 'beauty',
      contactMethod: 'wechat',
      contactInfo: 'wx_1',
      // An Excel date means its clock reading in China time (the default zone).
      addedAt: '2026-01-31T06:30:00.000Z',
    });
    expect(byId(list, 'dy_exist')).toMatchObject({
      id: existing.id,
      name: '老达人改名',
      fansCount: 8000,
      businessAmountFen: 1,
      labels: [],
      // Columns the sheet does not have keep their values; an empty status keeps the status.
      remark: '保留的备注',
      status: 'communicating',
      addedAt: '2026-02-01T01:15:00.000Z',
    });
  });

  it('imports a CSV with en headers, in the caller’s language and the chosen time zone', async () => {
    const { token } = await signedIn(h());
    const rows = [
      [en.platformTalentId, en.platform, en.name, en.status, en.videoGpm, en.addedAt, en.remark],
      [
        'c_1',
        'TikTok',
        'Anna "Nails" Lee',
        'Cooperation ended',
        '12.5',
        '2026-03-10 08:00:00',
        'line1\nline2',
      ],
      ['c_2', '抖音', '张三', '合作中', '¥1,000.00', '2026-03-10T08:00:00+08:00', "'=SUM(A1)"],
      ['c_3', 'douyin', 'Bad GPM', '', '-1', '', ''],
      ['c_4', 'Kuaishou', 'Bad platform', '', '', '', ''],
    ];
    const res = await importFile(
      h(),
      token,
      { content: csvFile(rows), filename: 'x.csv' },
      { lang: 'en-US', fields: { timeZone: 'UTC' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Import finished: 2 added, 0 updated, 2 rejected');
    expect(res.body.data.rows.slice(0, 2)).toEqual([
      {
        row: 4,
        outcome: 'rejected',
        name: 'Bad GPM',
        platformTalentId: 'c_3',
        reason: 'Video GPM (CNY): Please enter an amount of 0 or more with at most 2 decimals',
      },
      {
        row: 5,
        outcome: 'rejected',
        name: 'Bad platform',
        platformTalentId: 'c_4',
        reason: 'Platform: "Kuaishou" is not recognised; use one of: Douyin, TikTok',
      },
    ]);
    const list = await allTalents(h(), token);
    expect(byId(list, 'c_1')).toMatchObject({
      platform: 'tiktok',
      name: 'Anna "Nails" Lee',
      status: 'cooperation_ended',
      videoGpmFen: 1250,
      addedAt: '2026-03-10T08:00:00.000Z',
      remark: 'line1\nline2',
    });
    // An exported cell's formula guard comes off again.
    expect(byId(list, 'c_2')).toMatchObject({
      status: 'cooperating',
      videoGpmFen: 100_000,
      addedAt: '2026-03-10T00:00:00.000Z',
      remark: '=SUM(A1)',
    });
    const badZone = await importFile(
      h(),
      token,
      { content: csvFile(rows), filename: 'x.csv' },
      { lang: 'en-US', fields: { timeZone: 'Mars/Base' } },
    );
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toBe(
      'Invalid time zone: use an IANA time zone name such as Asia/Shanghai',
    );
  });

  // Issue 16: the typed identity in and out of files.
  it('imports and exports a talent’s platform identity, and keeps it when an older file leaves it out', async () => {
    const { token } = await signedIn(h());
    const taken = await addTalent(h(), token, {
      platform: 'tiktok',
      platformTalentId: 'holder_1',
      name: '已有达人',
      creatorUserOpenId: 'uACafQ_taken_open_id',
    });
    const rows = [
      [zh.platformTalentId, zh.platform, zh.name, zh.creatorUserOpenId, zh.buyinId, zh.buyinUid],
      ['@lily.chen', 'TikTok', 'Lily', 'uACafQAAAABm-lily_open', '', ''],
      ['mia_01', 'TikTok', 'Mia', '', '', ''],
      ['dy_100', '抖音', '抖音一号', '', '7012345678901234567', 'v2_0a2d'],
      ['bad-handle', 'TikTok', '坏用户名', '', '', ''],
      ['tom_02', 'TikTok', 'Tom', 'uACafQ_taken_open_id', '', ''],
      ['ann_03', 'TikTok', 'Ann', 'uACafQAAAABm-lily_open', '', ''],
      ['dy_101', '抖音', '抖音二号', '', '7x', ''],
    ];
    const res = await importFile(h(), token, { content: csvFile(rows), filename: 'ids.csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: 3, updated: 0, rejected: 4 });
    const reasons = Object.fromEntries(res.body.data.rows.map((r) => [r.row, r.reason]));
    expect(reasons[5]).toBe('达人ID：TikTok 用户名只能包含字母、数字、下划线和点，且不能以点结尾');
    expect(reasons[6]).toBe('TikTok Open ID：该 TikTok Open ID 已属于达人 已有达人（@holder_1）');
    expect(reasons[7]).toBe('TikTok Open ID：与第 2 行的TikTok Open ID重复');
    expect(reasons[8]).toBe('百应ID：百应ID 只能是数字');
    const list = await allTalents(h(), token);
    expect(byId(list, 'lily.chen')?.identity).toEqual({
      platform: 'tiktok',
      handle: 'lily.chen',
      creatorUserOpenId: 'uACafQAAAABm-lily_open',
    });
    expect(byId(list, 'mia_01')?.identity).toMatchObject({ creatorUserOpenId: null });
    expect(byId(list, 'dy_100')?.identity).toEqual({
      platform: 'douyin',
      talentId: 'dy_100',
      buyinId: '7012345678901234567',
      uid: 'v2_0a2d',
    });
    expect(byId(list, 'holder_1')?.identity).toEqual(taken.identity);

    // Round trip: the export holds the identity's columns, and imports back unchanged.
    // (Files hold times to the second: the added time is compared there.)
    const comparable = (talents: Talent[]) =>
      talents
        .map(({ updatedAt: _u, addedAt, ...rest }) => ({ ...rest, added: addedAt.slice(0, 19) }))
        .sort((a, b) => a.id - b.id);
    for (const format of ['csv', 'xlsx'] as const) {
      const ticket = await h().api.post<ExportTicket>(paths.exports, { format }, { token });
      const file = await h().app.inject({ method: 'GET', url: ticket.body.data.downloadUrl });
      const back = await importFile(h(), token, {
        content: file.rawPayload,
        filename: `b.${format}`,
      });
      expect(back.body.data, format).toMatchObject({ accepted: 0, updated: 4, rejected: 0 });
      expect(comparable(await allTalents(h(), token)), format).toEqual(comparable(list));
    }

    // A file of before issue 16 (no identity columns) updates the talents and keeps their identity.
    const old = await importFile(h(), token, {
      content: csvFile([
        [en.platformTalentId, en.platform, en.name],
        ['@lily.chen', 'TikTok', 'Lily Chen'],
        ['dy_100', 'Douyin', '抖音一号'],
      ]),
      filename: 'old.csv',
    });
    expect(old.body.data).toMatchObject({ accepted: 0, updated: 2, rejected: 0 });
    const after = await allTalents(h(), token);
    expect(byId(after, 'lily.chen')).toMatchObject({
      name: 'Lily Chen',
      identity: { creatorUserOpenId: 'uACafQAAAABm-lily_open' },
    });
    expect(byId(after, 'dy_100')?.identity).toMatchObject({ buyinId: '7012345678901234567' });
  });

  it('reads a CSV saved by Excel on Chinese Windows (GB18030, no BOM)', async () => {
    const { token } = await signedIn(h());
    const text = `${zh.name},${zh.platform},${zh.platformTalentId},${zh.status}\r\n王小明,抖音,gbk_1,沟通中\r\n`;
    const res = await importFile(h(), token, { content: gb18030(text), filename: 'gbk.csv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.accepted).toBe(1);
    expect(byId(await allTalents(h(), token), 'gbk_1')).toMatchObject({
      name: '王小明',
      status: 'communicating',
    });
  });

  it('applies the blacklist to imported rows, as to added and edited talents', async () => {
    const { token } = await signedIn(h());
    await h().api.post(
      apiPaths.blacklist.list,
      { talentName: 'x', platformTalentId: 'bl_new', fansCount: 0, reason: 'r' },
      { token },
    );
    const listed = await addTalent(h(), token, { platformTalentId: 'bl_old', status: 'active' });
    await h().api.post(paths.batchBlacklist, { ids: [listed.id], reason: 'r' }, { token });
    const rows = [
      [zh.name, zh.platform, zh.platformTalentId, zh.status],
      ['新人', '抖音', 'bl_new', '沟通中'],
      ['老人', '抖音', 'bl_old', '已拉黑'],
      ['老人改状态', '抖音', 'bl_old', '合作中'],
    ];
    const res = await importFile(h(), token, { content: csvFile(rows), filename: 'b.csv' });
    expect(res.body.data).toMatchObject({ accepted: 1, updated: 1, rejected: 1 });
    expect(res.body.data.rows[0]).toMatchObject({
      row: 4,
      reason: '达人ID：与第 3 行的达人 ID 重复',
    });
    const list = await allTalents(h(), token);
    expect(byId(list, 'bl_new')).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'communicating',
    });
    expect(byId(list, 'bl_old')).toMatchObject({
      status: 'blacklisted',
      statusBeforeBlacklist: 'active',
    });
    const change = await importFile(h(), token, {
      content: csvFile([
        [zh.name, zh.platform, zh.platformTalentId, zh.status],
        ['老人', '抖音', 'bl_old', '合作中'],
      ]),
      filename: 'c.csv',
    });
    expect(change.body.data.rows[0]!.reason).toBe(
      '状态：老人 在黑名单中，移出黑名单后才能修改状态',
    );
  });

  it('writes nothing for a broken, unreadable, header-less, empty or oversized file', async () => {
    const { token } = await signedIn(h());
    const keep = await addTalent(h(), token, { platformTalentId: 'keep_1', name: '不变' });
    const good = await xlsxFile([
      [zh.name, zh.platform, zh.platformTalentId],
      ['甲', '抖音', 'keep_1'],
      ['乙', '抖音', 'new_1'],
    ]);
    // Damage the compressed worksheet in the middle of the archive.
    const damaged = Buffer.from(good);
    const zip = await JSZip.loadAsync(good);
    const sheetEntry = Object.keys(zip.files).find((name) => name.includes('worksheets/sheet1'))!;
    const at = damaged.indexOf(Buffer.from(sheetEntry)) + sheetEntry.length + 40;
    for (let i = at; i < at + 60; i++) damaged[i] = 0x41;
    const cases: Array<[string, Buffer, number, string]> = [
      [
        'damaged.xlsx',
        damaged,
        400,
        'The file cannot be read; please use the import template (.xlsx or .csv)',
      ],
      [
        'truncated.xlsx',
        good.subarray(0, Math.floor(good.length * 0.6)),
        400,
        'The file cannot be read; please use the import template (.xlsx or .csv)',
      ],
      [
        'image.png',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        400,
        'Only .xlsx or .csv files are supported',
      ],
      [
        'quote.csv',
        Buffer.from(
          `${en.name},${en.platform},${en.platformTalentId}\r\n甲,抖音,keep_1\r\n"乙,抖音,new_1\r\n`,
        ),
        400,
        'The file cannot be read; please use the import template (.xlsx or .csv)',
      ],
      [
        'binary.csv',
        Buffer.from([0xff, 0xfe, 0xfd, 0x80, 0x81, 0x20, 0xc3]),
        400,
        'The file cannot be read; please use the import template (.xlsx or .csv)',
      ],
      [
        'noheader.csv',
        csvFile([
          ['甲', '抖音', 'keep_1'],
          ['乙', '抖音', 'new_1'],
        ]),
        400,
        'Required columns are missing: Talent name, Platform, Talent ID',
      ],
      [
        'partial.csv',
        csvFile([
          [en.name, en.platform],
          ['甲', '抖音'],
        ]),
        400,
        'Required columns are missing: Talent ID',
      ],
      [
        'headeronly.csv',
        csvFile([[en.name, en.platform, en.platformTalentId], [], []]),
        400,
        'The file has no data rows',
      ],
      ['empty.csv', Buffer.alloc(0), 400, 'Only .xlsx or .csv files are supported'],
    ];
    for (const [filename, content, status, message] of cases) {
      const res = await importFile(h(), token, { content, filename }, { lang: 'en-US' });
      expect(res.status, filename).toBe(status);
      expect(res.body.message, filename).toBe(message);
    }
    // Broken after the first 500 rows were written: those go too.
    const lateBreak = [`${en.name},${en.platform},${en.platformTalentId}`];
    for (let i = 0; i < 600; i++) lateBreak.push(`ok ${i},douyin,late_${i}`);
    lateBreak.push('"unclosed,douyin,late_x');
    const late = await importFile(
      h(),
      token,
      { content: Buffer.from(lateBreak.join('\r\n')), filename: 'late.csv' },
      { lang: 'en-US' },
    );
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(
      'The file cannot be read; please use the import template (.xlsx or .csv)',
    );
    const list = await allTalents(h(), token);
    expect(list.map((t) => [t.platformTalentId, t.name])).toEqual([['keep_1', '不变']]);
    expect(list[0]!.updatedAt).toBe(keep.updatedAt);

    const none = await importFile(h(), token, null, { lang: 'en-US' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a file to import');
    const json = await h().api.post(paths.import, { file: 'x' }, { token, lang: 'en-US' });
    expect(json.status).toBe(400);
    const huge = await importFile(
      h(),
      token,
      { content: Buffer.alloc(20 * 1024 * 1024 + 10, 0x41), filename: 'big.csv' },
      { lang: 'en-US' },
    );
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The file cannot be larger than 20 MB');
  });

  it('refuses more than 50,000 rows and writes none of them', async () => {
    const { token } = await signedIn(h());
    const lines = [`${en.name},${en.platform},${en.platformTalentId}`, '甲,抖音,first_ok'];
    // Rows without a name are rejected quickly; the count is what matters.
    for (let i = 0; i < 50_000; i++) lines.push(`,抖音,r${i}`);
    const res = await importFile(
      h(),
      token,
      { content: Buffer.from(lines.join('\r\n')), filename: 'many.csv' },
      { lang: 'en-US' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 50000 rows can be imported at once');
    expect(await allTalents(h(), token)).toEqual([]);
  });

  it('writes nothing when the database fails part-way', async () => {
    const { token } = await signedIn(h());
    await h().app.db.execute(sql`
      create or replace function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.name = 'boom' then raise exception 'boom'; end if;
        return new;
      end $$`);
    await h().app.db.execute(sql`
      create trigger fail_on_boom before insert on talents for each row execute function fail_on_boom()`);
    try {
      const rows: unknown[][] = [[en.name, en.platform, en.platformTalentId]];
      for (let i = 0; i < 700; i++)
        rows.push([i === 650 ? 'boom' : `ok ${i}`, 'douyin', `db_${i}`]);
      const res = await importFile(
        h(),
        token,
        { content: csvFile(rows), filename: 'db.csv' },
        { lang: 'en-US' },
      );
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('Something went wrong on the server, please try again later');
      expect(await allTalents(h(), token)).toEqual([]);
    } finally {
      await h().app.db.execute(sql`drop trigger fail_on_boom on talents`);
      await h().app.db.execute(sql`drop function fail_on_boom()`);
    }
  });
});
