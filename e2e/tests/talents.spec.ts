import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessToken, api, registerSeller, shot, signIn, toast } from '../support/console.ts';

/**
 * A seller's day in the talent library, in one browser session: filter by a range preset
 * and a custom range, add a talent, change status and label in batch, blacklist in batch
 * and undo it on the blacklist page, write a follow-up, export to XLSX and read the file,
 * import a file with one bad row and read the report. Screens are kept as screenshots.
 */
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString().slice(-8);
const seller = {
  username: `talents_${stamp}`,
  phoneNumber: `136${stamp}`,
  password: 'Talent-pass-1',
};

/** The library the seller starts with (added through the API, as an import would). */
const library = [
  { name: '林间小鹿', id: 'deer_01', fans: 3_200, yuan: 50 },
  { name: '阿May美妆', id: 'may_02', fans: 12_000, yuan: 800 },
  { name: 'Luna Glow', id: 'luna_03', fans: 48_000, yuan: 5_000 },
  { name: '户外老张', id: 'zhang_04', fans: 150_000, yuan: 20_000 },
  { name: '萌宠日常', id: 'pets_05', fans: 7_500, yuan: 300 },
];

let page: Page;

/** A form item by its label, inside `scope`. */
function field(scope: Locator, label: string) {
  return scope
    .locator('.arco-form-item')
    .filter({ has: page.locator('.arco-form-label-item label').getByText(label, { exact: true }) });
}

/** Picks an option of an Arco Select. */
async function choose(select: Locator, option: string) {
  await select.locator('.arco-select-view').click();
  await page
    .locator('.arco-select-popup:visible')
    .getByRole('option', { name: option, exact: true })
    .click();
}

function row(name: string) {
  return page.locator('.talent-table tbody tr').filter({ hasText: name });
}

async function select(...names: string[]) {
  for (const name of names) await row(name).locator('.arco-checkbox').click();
}

async function visibleNames(): Promise<string[]> {
  await expect(page.locator('.talent-table .arco-spin-loading')).toHaveCount(0);
  return (await page.locator('.talent-table tbody tr .talent-name').allInnerTexts()).sort();
}

test.beforeAll(async ({ browser }) => {
  // A fresh seller: code from the server log, as in the terminal; then the starting library.
  await registerSeller(seller);
  const token = await accessToken(seller);
  for (const talent of library) {
    await api(
      '/api/v1/talents',
      {
        platform: 'douyin',
        platformTalentId: talent.id,
        name: talent.name,
        fansCount: talent.fans,
        businessAmountFen: talent.yuan * 100,
        dealCount: 3,
      },
      token,
    );
  }
  const context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test('signs in and opens Talent Management Query', async () => {
  await signIn(page, seller);
  await page.locator('.arco-menu').getByText('达人管理', { exact: true }).click();
  await page.locator('.arco-menu').getByText('达人管理查询').click();
  await expect(page).toHaveURL(/\/talent\/search-table$/);
  await expect(page.locator('.arco-card-header')).toContainText('达人管理查询');
  await expect(page.getByText('共 5 条')).toBeVisible();
  await expect.poll(visibleNames).toEqual(library.map((talent) => talent.name).sort());
  await shot(page, 'talents-zh-CN');
});

test('filters by a range preset and by a custom range with Apply', async () => {
  const filters = page.locator('.talent-filter-form');
  await choose(field(filters, '粉丝数'), '10k-50k');
  await expect(page.getByText('共 2 条')).toBeVisible();
  await expect.poll(visibleNames).toEqual(['Luna Glow', '阿May美妆'].sort());

  // Business amount 200-1,000 yuan, a custom range: refused the wrong way round first.
  await page.getByRole('button', { name: '更多筛选' }).click();
  await field(filters, '带货金额（元）').locator('.arco-select-view').click();
  const custom = page.locator('.range-filter-custom:visible');
  await custom.getByPlaceholder('最小值').fill('1000');
  await custom.getByPlaceholder('最大值').fill('200');
  await custom.getByRole('button', { name: '应用' }).click();
  await expect(custom.getByText('范围的最小值不能大于最大值')).toBeVisible();
  await custom.getByPlaceholder('最小值').fill('200');
  await custom.getByPlaceholder('最大值').fill('1000');
  await custom.getByRole('button', { name: '应用' }).click();
  await expect(field(filters, '带货金额（元）')).toContainText('200.00 - 1,000.00');
  // Both ranges apply: 10k-50k fans and 200-1,000 yuan.
  await expect(page.getByText('共 1 条')).toBeVisible();
  await expect.poll(visibleNames).toEqual(['阿May美妆']);
  await shot(page, 'talents-filtered');

  await page.getByRole('button', { name: '重置' }).click();
  await expect(page.getByText('共 5 条')).toBeVisible();
  await page.getByRole('button', { name: '收起筛选' }).click();
});

test('adds a talent, and a duplicate talent ID is refused naming the existing one', async () => {
  await page.getByRole('button', { name: '添加达人' }).click();
  const modal = page.locator('.arco-modal').filter({ hasText: '添加达人' });
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(modal.getByText('请选择平台')).toBeVisible();
  await expect(modal.getByText('达人名称不能为空')).toBeVisible();
  await choose(field(modal, '平台'), '抖音');
  await field(modal, '达人 ID').locator('input').fill('xl_2025');
  await field(modal, '达人名称').locator('input').fill('小林的好物');
  await choose(field(modal, '行业'), '家居生活');
  await choose(field(modal, '标签'), '头部');
  await page.keyboard.press('Escape');
  await choose(field(modal, '联系方式'), '微信');
  await field(modal, '联系信息').locator('input').fill('xiaolin88');
  await field(modal, '粉丝数').locator('input').fill('25000');
  await field(modal, '带货金额（元）').locator('input').fill('1234.56');
  await shot(page, 'talent-add');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '创建成功')).toBeVisible();
  await expect(modal).toBeHidden();
  const added = row('小林的好物');
  await expect(added).toContainText('1,234.56');
  await expect(added).toContainText('25,000');
  await expect(added).toContainText('头部');
  await expect(added).toContainText('微信');

  await page.getByRole('button', { name: '添加达人' }).click();
  await choose(field(modal, '平台'), '抖音');
  await field(modal, '达人 ID').locator('input').fill('may_02');
  await field(modal, '达人名称').locator('input').fill('另一个名字');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, /may_02.*阿May美妆/)).toBeVisible();
  await expect(modal).toBeVisible();
  // What was typed is not thrown away without asking (issue 20 #11).
  await modal.getByRole('button', { name: '取消' }).click();
  const discard = page.locator('.arco-modal').filter({ hasText: '放弃未保存的内容？' });
  await expect(discard).toContainText('已填写的内容尚未保存，关闭后将丢失。');
  await discard.getByRole('button', { name: '放弃' }).click();
  await expect(modal).toBeHidden();
});

test('changes status and label in batch', async () => {
  await select('阿May美妆', 'Luna Glow');
  await expect(page.getByText('已选择 2 位达人')).toBeVisible();
  await page.getByRole('button', { name: '修改状态' }).click();
  const statusModal = page.locator('.arco-modal').filter({ hasText: '将所选的 2 位达人修改为' });
  await choose(statusModal, '合作中');
  await shot(page, 'talents-batch-status');
  await statusModal.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row('阿May美妆')).toContainText('合作中');
  await expect(row('Luna Glow')).toContainText('合作中');
  await expect(page.getByText(/已选择 \d+ 位达人/)).toBeHidden();

  await select('阿May美妆', 'Luna Glow');
  await page.getByRole('button', { name: '修改标签' }).click();
  const labelModal = page.locator('.arco-modal').filter({ hasText: '为所选的 2 位达人' });
  await choose(field(labelModal, '标签'), '优质');
  await page.keyboard.press('Escape');
  await shot(page, 'talents-batch-labels');
  await labelModal.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row('阿May美妆')).toContainText('优质');
  await expect(row('Luna Glow')).toContainText('优质');
});

test('blacklists in batch with a reason, sees it on the blacklist page and removes it', async () => {
  await select('户外老张');
  await page.getByRole('button', { name: '批量拉黑' }).click();
  const modal = page.locator('.arco-modal').filter({ hasText: '批量拉黑' });
  await expect(modal.getByText('以下 1 位达人将加入黑名单')).toBeVisible();
  await expect(modal.locator('tbody tr')).toContainText('户外老张');
  await expect(modal.locator('tbody tr')).toContainText('zhang_04');
  await expect(modal.locator('tbody tr')).toContainText('150,000');
  await modal.getByRole('button', { name: '确认拉黑' }).click();
  await expect(modal.getByText('拉黑原因不能为空')).toBeVisible();
  await modal.getByPlaceholder('例如：多次爽约、恶意索要样品').fill('多次爽约，恶意索要样品');
  await shot(page, 'talents-batch-blacklist');
  await modal.getByRole('button', { name: '确认拉黑' }).click();
  await expect(toast(page, '已加入黑名单')).toBeVisible();
  await expect(row('户外老张')).toContainText('已拉黑');

  await page.locator('.arco-menu').getByText('达人黑名单').click();
  await expect(page).toHaveURL(/\/talent\/blacklist$/);
  const entry = page.locator('.arco-table-tr').filter({ hasText: '户外老张' });
  await expect(entry).toContainText('zhang_04');
  await expect(entry).toContainText('150,000');
  await expect(entry).toContainText('多次爽约，恶意索要样品');
  await shot(page, 'talent-blacklist');
  await entry.getByRole('button', { name: '移出黑名单' }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '移出黑名单' }).click();
  await expect(toast(page, '已移出黑名单')).toBeVisible();
  await expect(page.getByText('黑名单为空')).toBeVisible();

  // Removing restores the status the talent had before.
  await page.locator('.arco-menu').getByText('达人管理查询').click();
  await expect(row('户外老张')).toContainText('待联系');
});

test('adds a follow-up with a new status', async () => {
  await row('小林的好物').getByRole('button', { name: '跟进记录' }).click();
  const drawer = page.locator('.arco-drawer');
  await expect(drawer.getByText('还没有跟进记录')).toBeVisible();
  await drawer.getByRole('button', { name: '保存跟进' }).click();
  await expect(drawer.getByText('跟进内容不能为空')).toBeVisible();
  await drawer.getByPlaceholder('记录本次沟通的内容和结果').fill('约了下周直播，样品已寄出');
  await choose(field(drawer, '同时修改状态'), '沟通中');
  await drawer.getByRole('button', { name: '保存跟进' }).click();
  await expect(toast(page, '创建成功')).toBeVisible();
  const record = drawer.locator('.arco-timeline-item').first();
  await expect(record).toContainText('约了下周直播，样品已寄出');
  await expect(record).toContainText(seller.username);
  await expect(record).toContainText('沟通中');
  await expect(drawer.locator('.arco-descriptions')).toContainText('沟通中');
  await shot(page, 'talent-follow-up');
  await drawer.locator('.arco-drawer-close-icon').click();
  await expect(drawer).toBeHidden();
  await expect(row('小林的好物')).toContainText('沟通中');
});

test('exports the list to XLSX and the file holds the rows', async () => {
  await page.getByRole('button', { name: '导出达人' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel 文件（.xlsx）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'talents-export-')), 'talents.xlsx');
  await download.saveAs(file);
  await expect(toast(page, '导出完成，共 6 条')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header.slice(0, 3)).toEqual(['达人名称', '平台', '达人ID']);
  const nameColumn = header.indexOf('达人名称') + 1;
  const fansColumn = header.indexOf('粉丝数') + 1;
  const addedColumn = header.indexOf('添加时间') + 1;
  const names: string[] = [];
  const fans = new Map<string, number>();
  sheet!.eachRow((sheetRow, index) => {
    if (index === 1) return;
    const name = String(sheetRow.getCell(nameColumn).value);
    names.push(name);
    fans.set(name, Number(sheetRow.getCell(fansColumn).value));
    // Times are date cells, which Excel and WPS sort and filter as dates.
    expect(sheetRow.getCell(addedColumn).value).toBeInstanceOf(Date);
  });
  expect(names.sort()).toEqual([...library.map((talent) => talent.name), '小林的好物'].sort());
  expect(fans.get('Luna Glow')).toBe(48_000);
  expect(fans.get('小林的好物')).toBe(25_000);
});

test('imports a file with one bad row and reads the report', async () => {
  const csv = [
    '达人名称,平台,达人ID,粉丝数,带货金额(元)',
    '新达人甲,抖音,new_a,1000,88.5',
    '新达人乙,TikTok,new_b,2000,0',
    '坏数据,快手,bad_c,10,0',
  ].join('\r\n');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'talents-import-')), 'talents.csv');
  writeFileSync(file, `\uFEFF${csv}\r\n`, 'utf8');

  await page.getByRole('button', { name: '导入达人' }).click();
  const modal = page.locator('.arco-modal').filter({ hasText: '导入达人' });
  await expect(modal.getByRole('link', { name: '下载 Excel 模板' })).toHaveAttribute(
    'href',
    /import-template\?format=xlsx&lang=zh-CN$/,
  );
  await modal.locator('input[type=file]').setInputFiles(file);
  await modal.getByRole('button', { name: '开始导入' }).click();
  await expect(toast(page, '导入完成：新增 2，更新 0，失败 1')).toBeVisible();
  const counts = modal.locator('.import-count');
  await expect(counts.nth(0)).toContainText('新增2');
  await expect(counts.nth(1)).toContainText('更新0');
  await expect(counts.nth(2)).toContainText('失败1');
  const first = modal.locator('.import-report tbody tr').first();
  await expect(first).toContainText('4');
  await expect(first).toContainText('失败');
  await expect(first).toContainText('bad_c');
  await expect(first).toContainText('平台');
  await shot(page, 'talents-import-report');
  await modal.getByRole('button', { name: '完成' }).click();
  await expect(row('新达人甲')).toBeVisible();
  await expect(row('新达人乙')).toBeVisible();
  await expect(page.getByText('共 8 条')).toBeVisible();
});
