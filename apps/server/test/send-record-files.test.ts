import {
  apiPaths,
  type Envelope,
  type ExportProgress,
  type ExportTicket,
  type SendImportReport,
  type SendRecordPage,
  catalogue,
} from '@inviteflow/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { invitationTasks } from '../src/db/schema.ts';
import { describeApi, signedIn, type Harness } from './support/harness.ts';
import {
  bindNewShop,
  createTask,
  makeTemplates,
  runBrowserAction,
  taskBody,
} from './support/sending.ts';
import { addTalent, csvFile, multipartBody, xlsxFile } from './support/talents.ts';

const paths = apiPaths.sendRecords;

async function seller(h: Harness) {
  const account = await signedIn(h);
  const shop = await bindNewShop(h, account.token, { shopName: '导入店' });
  return { ...account, shop };
}

const settings = (shopId: number, extra: Record<string, string> = {}) => ({
  shopId: String(shopId),
  taskType: 'free_product',
  contentType: 'image_text',
  script: 'Hi {talentName}, {shopName} invites you',
  setName: '导入批次',
  ...extra,
});

async function importRecords(
  h: Harness,
  token: string,
  file: { content: Buffer; filename: string },
  fields: Record<string, string>,
  lang = 'en-US',
) {
  const body = multipartBody(file, fields);
  const response = await h.app.inject({
    method: 'POST',
    url: paths.import,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: response.statusCode, body: response.json() as Envelope<SendImportReport> };
}

async function records(h: Harness, token: string, query: Record<string, string | number> = {}) {
  return (await h.api.get<SendRecordPage>(paths.list, { token, query })).body.data.list;
}

describeApi('send record files', (h) => {
  it('serves an import template in both languages and formats that imports as it is', async () => {
    const { token, shop } = await seller(h());
    for (const [lang, header] of [
      ['zh-CN', ['达人名称', '平台', '达人ID', 'TikTok Open ID', '百应ID', '百应UID']],
      [
        'en-US',
        ['Talent name', 'Platform', 'Talent ID', 'TikTok open ID', 'Buyin ID', 'Buyin UID'],
      ],
    ] as const) {
      const csv = await h().app.inject({
        method: 'GET',
        url: `${paths.importTemplate}?format=csv&lang=${lang}`,
      });
      expect(csv.statusCode).toBe(200);
      const rows = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
      expect(rows[0]).toEqual(header);
      expect(rows).toHaveLength(2);
    }
    const xlsx = await h().app.inject({
      method: 'GET',
      url: `${paths.importTemplate}?format=xlsx`,
    });
    expect(xlsx.headers['content-disposition']).toContain('send-record-import-template.xlsx');
    const imported = await importRecords(
      h(),
      token,
      { content: xlsx.rawPayload, filename: 'template.xlsx' },
      settings(shop.id),
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ accepted: 1, rejected: 0 });
    expect((await records(h(), token)).map((r) => r.talentName)).toEqual(['示例达人']);
  });

  it('creates one task from the valid rows and says why each other row was refused', async () => {
    const { token, shop } = await seller(h());
    const known = await addTalent(h(), token, { name: '库里的达人', platformTalentId: 'lib_01' });
    await h().api.post(
      apiPaths.blacklist.list,
      { talentName: '拉黑', platformTalentId: 'bad_01', fansCount: 0, reason: '投诉' },
      { token },
    );
    // One talent invited for this shop and task type a moment ago: the cool-down.
    const recent = await addTalent(h(), token, { name: '刚邀约过', platformTalentId: 'recent_01' });
    await createTask(h(), token, taskBody(shop.id, { talentIds: [recent.id] }));
    const file = csvFile([
      ['Talent ID', 'Talent name', 'Platform'],
      ['lib_01', '库里的达人', '抖音'],
      ['new_01', 'Newcomer', 'Douyin'],
      ['bad_01', '拉黑', 'douyin'],
      ['recent_01', '刚邀约过', 'douyin'],
      ['new_01', 'Newcomer again', 'douyin'],
      ['has space', 'Broken', 'douyin'],
      ['x_1', 'Nowhere', 'kuaishou'],
      // A TikTok creator cannot be invited for this Douyin shop (issue 16).
      ['@tt_creator', 'TikTok 达人', 'TikTok'],
    ]);
    const res = await importRecords(
      h(),
      token,
      { content: file, filename: 'talents.csv' },
      settings(shop.id),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Import finished: 2 send records created, 6 rows rejected');
    const report = res.body.data;
    expect(report).toMatchObject({ accepted: 2, updated: 0, rejected: 6 });
    const reasons = Object.fromEntries(report.rows.map((r) => [r.row, r.reason]));
    expect(reasons[2]).toBeNull();
    expect(reasons[3]).toBeNull();
    expect(reasons[4]).toBe('This talent is blacklisted and will not be invited');
    expect(reasons[5]).toBe('Invited for this shop and task type within 7 days: skipped');
    expect(reasons[6]).toBe('Talent ID: Same talent ID as row 3');
    expect(reasons[7]).toMatch(/^Talent ID: /);
    expect(reasons[8]).toBe('Platform: Please choose a platform');
    expect(reasons[9]).toBe('This talent is on TikTok, so cannot be invited for a Douyin shop');

    const made = await records(h(), token, { taskId: report.taskId! });
    expect(made.map((r) => [r.talentName, r.platform, r.talentId]).sort()).toEqual(
      [
        ['Newcomer', 'douyin', null],
        ['库里的达人', 'douyin', known.id],
      ].sort(),
    );
    expect(made[0]).toMatchObject({ filterType: 'manual', setName: '导入批次', status: 'pending' });
    const [task] = await h()
      .app.db.select()
      .from(invitationTasks)
      .where(eq(invitationTasks.id, report.taskId!));
    expect(task?.source).toBe('import');

    // Including the cool-down talents takes the one skipped above.
    const again = await importRecords(
      h(),
      token,
      {
        content: csvFile([
          ['达人ID', '达人名称', '平台'],
          ['recent_01', '刚邀约过', '抖音'],
        ]),
        filename: 'a.csv',
      },
      settings(shop.id, { cooldown: 'include' }),
    );
    expect(again.body.data).toMatchObject({ accepted: 1, rejected: 0 });
  });

  it('refuses an import beyond the daily cap, a bad setting or a shop not the caller’s, writing nothing', async () => {
    const { token, shop } = await seller(h());
    const rows = [['Talent name', 'Platform', 'Talent ID']];
    for (let i = 0; i < 21; i++) rows.push([`达人${i}`, 'douyin', `cap_${i}`]);
    const file = { content: await xlsxFile(rows), filename: 'many.xlsx' };
    const over = await importRecords(h(), token, file, settings(shop.id));
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(
      'allows 20 invitations a day; left today: 20, needed by this task: 21',
    );
    expect(await records(h(), token)).toEqual([]);
    const noSet = await importRecords(h(), token, file, settings(shop.id, { setName: '' }));
    expect(noSet.status).toBe(400);
    expect(noSet.body.message).toBe('Set name cannot be empty');
    const stranger = await seller(h());
    const theirs = await importRecords(h(), token, file, settings(stranger.shop.id));
    expect(theirs.status).toBe(404);
    const noHeader = await importRecords(
      h(),
      token,
      {
        content: csvFile([
          ['name', 'x'],
          ['a', 'b'],
        ]),
        filename: 'x.csv',
      },
      settings(shop.id),
    );
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.message).toBe('Required columns are missing: Platform, Talent ID');
  });

  // Issue 16: an import into a TikTok shop carries what the platform needs, as a create does.
  it('imports into a TikTok shop with the target collaboration’s terms, its creators’ identity and platform', async () => {
    const { token } = await signedIn(h());
    const shop = await bindNewShop(h(), token, { platform: 'tiktok', shopName: 'US 店' });
    const { productIds } = await makeTemplates(h(), token, 'Hi {talentName}');
    await addTalent(h(), token, {
      platform: 'tiktok',
      platformTalentId: 'known_one',
      name: 'Known',
      creatorUserOpenId: 'uACafQ_known_open_id',
    });
    const file = {
      content: csvFile([
        ['Talent ID', 'Talent name', 'Platform', 'TikTok open ID'],
        ['@known_one', 'Known', 'TikTok', ''],
        ['new_one', 'New', 'TikTok', 'uACafQ_new_open_id'],
        ['dy_one', '抖音达人', '抖音', ''],
        ['bad-handle', 'Bad', 'TikTok', ''],
      ]),
      filename: 'tt.csv',
    };
    const terms = {
      taskType: 'targeted_product',
      productTemplateIds: productIds.join(','),
      collaborationName: '导入定向合作',
      endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      commissionRates: JSON.stringify({ [productIds[0]!]: 1500, [productIds[1]!]: 100 }),
      contactEmail: 'bd@example.com',
      // Every field the console's import sends (13 with these): none is refused as too many.
      sampleApproval: 'review',
      cooldown: 'skip',
      timeZone: 'Asia/Shanghai',
    };
    const missing = await importRecords(
      h(),
      token,
      file,
      settings(shop.id, { taskType: 'free_product' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter the collaboration name');
    const badRates = await importRecords(
      h(),
      token,
      file,
      settings(shop.id, { ...terms, commissionRates: JSON.stringify({ [productIds[0]!]: 9000 }) }),
    );
    expect(badRates.status).toBe(400);
    expect(badRates.body.message).toBe(
      'A commission rate is between 1.00% and 80.00%, with at most two decimals',
    );
    expect(await records(h(), token)).toEqual([]);

    const res = await importRecords(h(), token, file, settings(shop.id, terms));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ accepted: 2, rejected: 2 });
    const reasons = Object.fromEntries(res.body.data.rows.map((r) => [r.row, r.reason]));
    expect(reasons[4]).toBe('This talent is on Douyin, so cannot be invited for a TikTok shop');
    expect(reasons[5]).toMatch(/^Talent ID: A TikTok username may contain only/);
    const made = await records(h(), token, { taskId: res.body.data.taskId! });
    expect(Object.fromEntries(made.map((r) => [r.talentName, r.identity]))).toEqual({
      // The library's open id where the file gives none; the file's for a newcomer.
      Known: { platform: 'tiktok', handle: 'known_one', creatorUserOpenId: 'uACafQ_known_open_id' },
      New: { platform: 'tiktok', handle: 'new_one', creatorUserOpenId: 'uACafQ_new_open_id' },
    });
    const [task] = await h()
      .app.db.select({ platformTerms: invitationTasks.platformTerms })
      .from(invitationTasks)
      .where(eq(invitationTasks.id, res.body.data.taskId!));
    expect(task?.platformTerms).toMatchObject({
      action: 'target_collaboration',
      collaboration: {
        name: '导入定向合作',
        products: [
          { productId: 'P-100', commissionRate: 1500 },
          { productId: 'P-200', commissionRate: 100 },
        ],
        freeSample: false,
      },
    });
  });

  it('exports the filtered records to CSV and XLSX in the caller’s language and zone', async () => {
    const { token, shop } = await seller(h());
    const a = await addTalent(h(), token, { name: '=cmd()', platformTalentId: 'dy_a' });
    const b = await addTalent(h(), token, { name: 'Luna', platformTalentId: 'dy_b' });
    await createTask(h(), token, taskBody(shop.id, { talentIds: [a.id, b.id] }));
    // A browser run: the platform refuses Luna as already invited, with its words.
    await runBrowserAction(h(), token, shop.id, (record) =>
      record.talentName === 'Luna'
        ? { errorCode: 'already_invited', message: 'invited last week' }
        : 'sent',
    );

    const csvTicket = await h().api.post<ExportTicket>(
      paths.export,
      { format: 'csv', timeZone: 'UTC', status: 'failed' },
      { token, lang: 'en-US' },
    );
    expect(csvTicket.body.data.total).toBe(1);
    expect(csvTicket.body.data.downloadUrl).toMatch(/^\/api\/v1\/send-records\/export\/download\//);
    const csv = await h().app.inject({ method: 'GET', url: csvTicket.body.data.downloadUrl });
    expect(csv.statusCode).toBe(200);
    const rows = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]!.slice(0, 4)).toEqual(['Record ID', 'Influencer name', 'Platform', 'Talent ID']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(
      expect.arrayContaining([
        'Luna',
        'Free product invitation',
        'Failed',
        'Already invited',
        'invited last week',
      ]),
    );
    expect(rows[1]![2]).toBe(catalogue('en-US')['enum.platform.douyin']);
    const progress = await h().api.get<ExportProgress>(
      paths.exportProgress(csvTicket.body.data.exportId),
      { token },
    );
    expect(progress.body.data).toMatchObject({ state: 'done', written: 1, total: 1 });
    // The link works once; another seller cannot read the progress.
    expect(
      (await h().app.inject({ method: 'GET', url: csvTicket.body.data.downloadUrl })).statusCode,
    ).toBe(404);
    const stranger = await signedIn(h());
    expect(
      (
        await h().api.get(paths.exportProgress(csvTicket.body.data.exportId), {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);

    const xlsxTicket = await h().api.post<ExportTicket>(
      paths.export,
      { format: 'xlsx', timeZone: 'Asia/Shanghai' },
      { token },
    );
    const xlsx = await h().app.inject({ method: 'GET', url: xlsxTicket.body.data.downloadUrl });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('达人名称');
    const names = [sheet.getRow(2).getCell(2).value, sheet.getRow(3).getCell(2).value];
    expect(names.sort()).toEqual(['=cmd()', 'Luna'].sort());
    // A talent export link is not a send record export link.
    expect(
      (
        await h().app.inject({
          method: 'GET',
          url: apiPaths.talents.exportDownload(xlsxTicket.body.data.downloadUrl.split('/').pop()!),
        })
      ).statusCode,
    ).toBe(404);
  });
});
