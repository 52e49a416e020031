import {
  apiPaths,
  renderScript,
  translate,
  type SendPreviewData,
  type SendRecord,
  type SendRecordPage,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, formItem } from '@/test/talent-fixtures.ts';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { buildFilters } from '../model/filters.ts';
import { previewBodyOf, taskBodyOf } from './create-task-drawer.tsx';
import { rulesOf } from './rules-fields.tsx';
import { SentSearchTablePage } from './sent-search-page.tsx';

function record(id: number, overrides: Partial<SendRecord> = {}): SendRecord {
  return {
    id,
    taskId: 1,
    shopId: 5,
    shopName: 'Glow Store',
    talentId: id,
    talentName: `Talent ${id}`,
    platform: 'douyin',
    platformTalentId: `dy${id}`,
    identity: { platform: 'douyin', talentId: `dy${id}`, buyinId: null, uid: null },
    taskType: 'free_product',
    contentType: 'vertical_video',
    filterType: 'manual',
    setName: 'Spring',
    message: `Hi Talent ${id}`,
    products: [{ productId: 'P-1', productName: 'Mask' }],
    status: 'pending',
    errorCode: null,
    errorMessage: null,
    attempts: 0,
    channel: 'browser',
    platformReference: null,
    platformAnswer: null,
    leasedUntil: null,
    claimedAt: null,
    finishedAt: null,
    stage: null,
    acceptedAt: null,
    declinedAt: null,
    expiredAt: null,
    repliedAt: null,
    sampleRequestedAt: null,
    contentPostedAt: null,
    firstOrderAt: null,
    createdAt: '2025-03-08T06:05:09.000Z',
    updatedAt: '2025-03-08T06:05:09.000Z',
    ...overrides,
  };
}

const rows = [
  record(1, { status: 'success', finishedAt: '2025-03-08T07:00:00.000Z' }),
  record(2, {
    status: 'failed',
    errorCode: 'talent_ineligible',
    errorMessage: 'No showcase',
    finishedAt: '2025-03-08T07:00:00.000Z',
  }),
  record(3),
];

function pageOf(list: SendRecord[]): SendRecordPage {
  return { list, pageSize: 20, nextCursor: null, prevCursor: null };
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('send records page', () => {
  it('lists records with their status, filters by status and shows the details', async () => {
    const urls: string[] = [];
    stubFetch((url) => {
      urls.push(url);
      const path = url.split('?')[0];
      if (path === apiPaths.sendRecords.count) return ok({ total: 3, exact: true });
      if (path === apiPaths.shops.list) return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      const one = rows.find((r) => path === apiPaths.sendRecords.one(r.id));
      if (one) return ok(one);
      return ok(pageOf(url.includes('status=failed') ? [rows[1]!] : rows));
    });
    renderPage(<SentSearchTablePage />, '/sent/search-table');
    expect(await screen.findByText('Talent 3')).toBeInTheDocument();
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
    const failed = screen.getByText('Talent 2').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Talent ineligible')).toBeInTheDocument();
    // Only a pending record can be edited.
    expect(within(failed).getByRole('button', { name: 'Edit' })).toBeDisabled();
    const pending = screen.getByText('Talent 3').closest('tr') as HTMLElement;
    expect(within(pending).getByRole('button', { name: 'Edit' })).toBeEnabled();

    fireEvent.click(within(failed).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Send Record Details')).toBeInTheDocument();
    expect(await screen.findByText('Failed: Talent ineligible')).toBeInTheDocument();
    expect(screen.getAllByText('No showcase').length).toBeGreaterThan(0);
    fireEvent.click(document.querySelector('.arco-drawer-close-icon') as HTMLElement);

    const success = screen.getByText('Talent 1').closest('tr') as HTMLElement;
    fireEvent.click(within(success).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Task executed successfully')).toBeInTheDocument();
  });

  it('edits a pending record, and deletes a record only once the seller confirms', async () => {
    const calls: Array<{ method: string; path: string; body?: unknown }> = [];
    stubFetch((url, init) => {
      const path = url.split('?')[0]!;
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      }
      if (path === apiPaths.sendRecords.count) return ok({ total: 3, exact: true });
      if (method === 'PUT') return ok({ ...rows[2]!, ...(calls.at(-1)!.body as object) });
      if (method === 'DELETE') return ok(null);
      return ok(pageOf(rows));
    });
    renderPage(<SentSearchTablePage />, '/sent/search-table');
    const pending = (await screen.findByText('Talent 3')).closest('tr') as HTMLElement;

    fireEvent.click(within(pending).getByRole('button', { name: 'Edit' }));
    const modal = (await screen.findByText('Edit send record')).closest(
      '.arco-modal',
    ) as HTMLElement;
    const message = within(modal).getByDisplayValue('Hi Talent 3');
    fireEvent.change(message, { target: { value: 'Hello again, Talent 3' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: apiPaths.sendRecords.one(3),
        body: {
          taskType: 'free_product',
          contentType: 'vertical_video',
          setName: 'Spring',
          message: 'Hello again, Talent 3',
        },
      }),
    );

    // Delete asks first: cancelling deletes nothing, confirming deletes that record.
    const success = screen.getByText('Talent 1').closest('tr') as HTMLElement;
    fireEvent.click(within(success).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this send record of "Talent 1"?')).toBeInTheDocument();
    const popup = screen
      .getByText('Delete this send record of "Talent 1"?')
      .closest('.arco-popconfirm') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(success).getByRole('button', { name: 'Delete' }));
    // The popup opens again (the cancelled one may still be fading out: take the newest).
    const again = (await screen.findAllByText('Delete this send record of "Talent 1"?'))
      .at(-1)!
      .closest('.arco-popconfirm') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
        { method: 'DELETE', path: apiPaths.sendRecords.one(1), body: undefined },
      ]),
    );
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
  });

  // Issue 20 #17: the URL holds the filters, page and size, so a link or a reload shows them.
  it('opens at the filters and the page of its URL, and puts each search there', async () => {
    const asked: Array<Record<string, string>> = [];
    stubFetch((url) => {
      const [path, query] = url.split('?');
      if (path === apiPaths.sendRecords.count) return ok({ total: 60, exact: true });
      if (path === apiPaths.shops.list)
        return ok({ list: [{ id: 5, shopName: 'Glow Store' }], total: 1, page: 1, pageSize: 100 });
      if (path === apiPaths.sendRecords.list)
        asked.push(Object.fromEntries(new URLSearchParams(query)));
      return ok({ ...pageOf([rows[1]!]), nextCursor: 'n', prevCursor: 'p' });
    });
    const { router } = renderPage(
      <SentSearchTablePage />,
      '/sent/search-table?status=failed&talentName=Talent&shopId=5&page=3',
    );
    await waitFor(() =>
      expect(asked[0]).toEqual({
        talentName: 'Talent',
        shopId: '5',
        status: 'failed',
        pageSize: '20',
        offset: '40',
      }),
    );
    expect(screen.getByPlaceholderText('Enter an influencer name')).toHaveValue('Talent');
    expect(await within(formItem('Shop name')).findByText('Glow Store')).toBeInTheDocument();
    expect(within(formItem('Status')).getByText('Failed')).toBeInTheDocument();

    await chooseOption(formItem('Task type'), 'Free product invitation');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?talentName=Talent&shopId=5&taskType=free_product&status=failed',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)).toEqual({ pageSize: '20' }));
  });

  it('turns the search form into the list filters', () => {
    expect(buildFilters({ talentName: '  luna ', status: 'failed' })).toEqual({
      talentName: 'luna',
      status: 'failed',
    });
    const day = buildFilters({ created: ['2025-03-08', '2025-03-09'] });
    expect(new Date(day.createdFrom!).getDate()).toBe(8);
    expect(new Date(day.createdTo!).getDate()).toBe(9);
    expect(new Date(day.createdTo!).getHours()).toBe(23);
  });
});

/** The send records page with its create drawer open. */
async function openCreateDrawer(): Promise<HTMLElement> {
  renderPage(<SentSearchTablePage />, '/sent/search-table');
  fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
  return (await screen.findByText('Create invitation task')).closest('.arco-drawer') as HTMLElement;
}

describe('create task', () => {
  it('asks the preview only once it knows the shop and the talents, and builds the body', () => {
    const base = {
      filterType: 'manual' as const,
      cooldown: 'skip' as const,
      taskType: 'free_product' as const,
    };
    expect(previewBodyOf({ ...base, talentIds: [1] })).toBeNull();
    expect(previewBodyOf({ ...base, shopId: 5, talentIds: [] })).toBeNull();
    expect(previewBodyOf({ ...base, shopId: 5, talentIds: [1, 2] })).toEqual({
      shopId: 5,
      taskType: 'free_product',
      filterType: 'manual',
      talentIds: [1, 2],
    });
    expect(
      previewBodyOf({
        ...base,
        filterType: 'rules',
        shopId: 5,
        rules: {
          fans: { key: 'custom', min: 1000, max: null },
          businessAmount: { key: 'custom', min: null, max: 1250 },
          label: ' ',
        },
        maxCount: 30,
      }),
    ).toEqual({
      shopId: 5,
      taskType: 'free_product',
      filterType: 'rules',
      rules: { fansMin: 1000, businessAmountMaxFen: 1250 },
      maxCount: 30,
    });
    expect(
      taskBodyOf({
        ...base,
        shopId: 5,
        talentIds: [1],
        contentType: 'image_text',
        script: 'Hi {talentName}',
        scriptTemplateId: 3,
        productTemplateIds: [7],
        setName: 'Spring',
      }),
    ).toEqual({
      shopId: 5,
      taskType: 'free_product',
      filterType: 'manual',
      talentIds: [1],
      contentType: 'image_text',
      script: 'Hi {talentName}',
      scriptTemplateId: 3,
      productTemplateIds: [7],
      setName: 'Spring',
      cooldown: 'skip',
    });
    expect(rulesOf(undefined)).toEqual({});
  });

  it('previews the findings and the script as the server will fill it, and creates', async () => {
    const preview: SendPreviewData = {
      matched: 3,
      blacklisted: [{ id: 9, name: 'Banned', platform: 'douyin', platformTalentId: 'b9' }],
      blacklistedCount: 1,
      cooldown: [
        {
          id: 8,
          name: 'Recent',
          platform: 'douyin',
          platformTalentId: 'r8',
          lastInvitedAt: '2025-03-08T06:05:09.000Z',
        },
      ],
      cooldownCount: 1,
      otherPlatform: [],
      otherPlatformCount: 0,
      willCreate: { skip: 1, include: 2 },
      dailyCap: 20,
      usedToday: 5,
      timeZone: 'Asia/Shanghai',
      todayEndsAt: '2025-03-08T16:00:00.000Z',
      remainingToday: 15,
      sample: { id: 7, name: 'Luna', platform: 'douyin', platformTalentId: 'l7' },
    };
    const posts: Array<{ url: string; body: unknown }> = [];
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (init.method === 'POST') {
        posts.push({ url: path!, body: JSON.parse(String(init.body)) });
        if (path === apiPaths.sendRecords.preview) return ok(preview);
        return ok({
          taskId: 1,
          created: 1,
          blacklisted: preview.blacklisted,
          blacklistedCount: 1,
          skippedCooldown: [],
          skippedCooldownCount: 1,
          remainingToday: 14,
        });
      }
      if (path === apiPaths.shops.list) {
        return ok({
          list: [
            {
              id: 5,
              shopName: 'Glow Store',
              bindStatus: 'BOUND',
              platform: 'douyin',
              source: 'manual',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.talents.list) {
        return ok({
          list: [
            { id: 7, name: 'Luna', platformTalentId: 'l7' },
            { id: 8, name: 'Recent', platformTalentId: 'r8' },
            { id: 9, name: 'Banned', platformTalentId: 'b9' },
          ],
          pageSize: 20,
          nextCursor: null,
          prevCursor: null,
        });
      }
      if (path === apiPaths.templates.products) {
        return ok({
          list: [{ id: 11, productId: 'P-1', productName: 'Mask' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.templates.scripts)
        return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      return ok(pageOf([]));
    });
    const drawer = await openCreateDrawer();
    fireEvent.click(within(drawer).getAllByText('Choose a bound shop')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Glow Store' }));
    fireEvent.click(
      within(drawer).getAllByText('Type a talent name or ID to search and pick')[0] as HTMLElement,
    );
    for (const name of ['Luna', 'Recent', 'Banned']) {
      // In a multiple select the option's label, not its row, takes the click.
      const option = await screen.findByRole('option', { name: new RegExp(`^${name}`) });
      fireEvent.click(within(option).getByText(name));
    }
    expect(await within(drawer).findByText('3 talents')).toBeInTheDocument();
    expect(within(drawer).getByText('1 send records will be created')).toBeInTheDocument();
    expect(within(drawer).getByText('15 left today (daily cap 20)')).toBeInTheDocument();
    // The allowance's days are the account's: the drawer says which, and when it renews.
    expect(within(drawer).getByTestId('send-preview-zone')).toHaveTextContent(
      "Days in Asia/Shanghai (GMT+8) time; today's allowance renews at 2025-03-09 00:00",
    );
    const findings = within(within(drawer).getByTestId('send-preview'));
    expect(findings.getByText('1 talent is blacklisted and will not be invited:')).toBeVisible();
    expect(findings.getByText('Banned')).toBeInTheDocument();
    expect(findings.getByText('Recent')).toBeInTheDocument();
    expect(posts.find((p) => p.url === apiPaths.sendRecords.preview)?.body).toEqual({
      shopId: 5,
      taskType: 'free_product',
      filterType: 'manual',
      talentIds: [7, 8, 9],
    });
    // Inviting the cool-down talents too changes what will be created.
    fireEvent.click(within(drawer).getByText('Invite them anyway'));
    expect(await within(drawer).findByText('2 send records will be created')).toBeInTheDocument();

    const script = 'Hi {talentName}, {shopName} invites you to {productNames}';
    fireEvent.change(
      within(drawer).getByPlaceholderText('Write the invitation; insert the variables below'),
      { target: { value: script } },
    );
    await waitFor(() =>
      expect(drawer.querySelector('.send-script-preview-text')?.textContent).toBe(
        renderScript(script, {
          talentName: 'Luna',
          shopName: 'Glow Store',
          productNames: ['Sample Product'],
        }),
      ),
    );
    // A 抖店 shop bound by hand sends free product invitations as 百应 batches: one message.
    expect(within(drawer).getByText(/every talent of a batch gets the same message/)).toBeVisible();
    fireEvent.change(within(drawer).getByPlaceholderText('e.g. Spring launch'), {
      target: { value: 'Spring' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/^1 send records created/)).toBeInTheDocument();
    await waitFor(() =>
      expect(posts.find((p) => p.url === apiPaths.sendRecords.list)?.body).toEqual({
        shopId: 5,
        taskType: 'free_product',
        filterType: 'manual',
        talentIds: [7, 8, 9],
        contentType: 'vertical_video',
        script,
        scriptTemplateId: null,
        productTemplateIds: [],
        setName: 'Spring',
        cooldown: 'include',
      }),
    );
  });

  /** A library where no talent matches, one bound shop and no templates. */
  function stubEmptyRulesPreview() {
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (init.method === 'POST' && path === apiPaths.sendRecords.preview) {
        return ok({
          matched: 0,
          blacklisted: [],
          blacklistedCount: 0,
          cooldown: [],
          cooldownCount: 0,
          otherPlatform: [],
          otherPlatformCount: 0,
          willCreate: { skip: 0, include: 0 },
          dailyCap: 20,
          usedToday: 0,
          remainingToday: 20,
          timeZone: 'Asia/Shanghai',
          todayEndsAt: '2025-03-08T16:00:00.000Z',
          sample: null,
        } satisfies SendPreviewData);
      }
      if (path === apiPaths.shops.list) {
        return ok({
          list: [{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.talents.facets) return ok({ shopNames: [], labels: [] });
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.templates.scripts || path === apiPaths.templates.products)
        return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      if (path === apiPaths.talents.list)
        return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
      return ok(pageOf([]));
    });
  }
  const previewText = (drawer: HTMLElement) =>
    drawer.querySelector('.send-script-preview-text')?.textContent;

  it('previews a rules task in English with English samples for what is not chosen', async () => {
    stubEmptyRulesPreview();
    const drawer = await openCreateDrawer();
    fireEvent.click(within(drawer).getByText('Rules'));
    fireEvent.change(
      within(drawer).getByPlaceholderText('Write the invitation; insert the variables below'),
      {
        target: {
          value: 'Hi {talentName}, {shopName} would love to send you a sample of {productNames}.',
        },
      },
    );
    // No shop, no talent, no product chosen yet: every variable still reads as a message.
    await waitFor(() =>
      expect(previewText(drawer)).toBe(
        'Hi Sample Talent, Sample Shop would love to send you a sample of Sample Product.',
      ),
    );
    expect(drawer.querySelector('.send-script-preview-note')).toHaveTextContent(
      'sample values stand in for what is not chosen yet',
    );
    // The shop, once chosen, replaces its sample.
    fireEvent.click(within(drawer).getAllByText('Choose a bound shop')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Glow Store' }));
    await waitFor(() =>
      expect(previewText(drawer)).toBe(
        'Hi Sample Talent, Glow Store would love to send you a sample of Sample Product.',
      ),
    );
  });

  it('previews a rules task in Chinese with Chinese samples, whatever the variables are written in', async () => {
    await resetApp('zh-CN');
    signIn();
    stubEmptyRulesPreview();
    renderPage(<SentSearchTablePage />, '/sent/search-table');
    fireEvent.click(await screen.findByRole('button', { name: '创建任务' }));
    const drawer = (await screen.findByText('创建邀约任务')).closest('.arco-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByText('规则'));
    fireEvent.change(within(drawer).getByPlaceholderText('编写邀约话术，可插入下方变量'), {
      target: { value: '你好 {达人名称}，{店铺名称} 想送你 {productNames} 的样品。' },
    });
    await waitFor(() =>
      expect(previewText(drawer)).toBe('你好 示例达人，示例店铺 想送你 示例商品 的样品。'),
    );
    expect(drawer.querySelector('.send-script-preview-note')).toHaveTextContent(
      '未选的达人、店铺或商品以示例显示',
    );
  });

  it('finds script and product templates beyond the first page by searching the server', async () => {
    const asked: string[] = [];
    const page = <T,>(list: T[]) => ok({ list, total: list.length, page: 1, pageSize: 50 });
    stubFetch((url) => {
      const [path, query] = url.split('?');
      const keyword = new URLSearchParams(query).get('keyword');
      if (path === apiPaths.templates.scripts) {
        asked.push(`scripts:${keyword ?? ''}`);
        return keyword === 'launch'
          ? page([
              { id: 150, remark: 'Launch day', content: 'Hi {talentName}, try {productNames}' },
            ])
          : page([{ id: 1, remark: 'Welcome', content: 'Hello' }]);
      }
      if (path === apiPaths.templates.products) {
        asked.push(`products:${keyword ?? ''}`);
        return keyword === 'serum'
          ? page([{ id: 240, productId: 'P-240', productName: 'Serum' }])
          : page([{ id: 11, productId: 'P-1', productName: 'Mask' }]);
      }
      if (path === apiPaths.shops.list) return page([]);
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.talents.list)
        return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
      return ok(pageOf([]));
    });
    const drawer = await openCreateDrawer();

    // The script template: not on the first page, found by what the seller types.
    fireEvent.click(
      within(drawer).getAllByText('Choose a script template, or write one')[0] as HTMLElement,
    );
    expect(await screen.findByRole('option', { name: 'Welcome' })).toBeInTheDocument();
    fireEvent.change(drawer.querySelector('.send-script-template input')!, {
      target: { value: 'launch' },
    });
    // The search is asked once typing pauses (300 ms). Arco marks the typed part in an
    // option's label, so the option is found by its whole text.
    const optionReading = (text: string) =>
      waitFor(() => {
        const option = screen.queryAllByRole('option').find((o) => o.textContent === text);
        if (!option) throw new Error(`no option "${text}"`);
        return option;
      });
    fireEvent.click(await optionReading('Launch day'));
    expect(
      within(drawer).getByPlaceholderText('Write the invitation; insert the variables below'),
    ).toHaveValue('Hi {talentName}, try {productNames}');

    // The product template likewise; once picked it keeps its name while other searches run.
    fireEvent.click(
      within(drawer).getAllByText('Choose the products to promote, at most 20')[0] as HTMLElement,
    );
    const products = drawer.querySelector<HTMLInputElement>('.send-products input')!;
    fireEvent.change(products, { target: { value: 'serum' } });
    // In a multiple select the option's label, not its row, takes the click.
    fireEvent.click((await optionReading('Serum · P-240')).lastElementChild!);
    fireEvent.change(products, { target: { value: 'mask' } });
    await waitFor(() => expect(asked).toContain('products:mask'));
    expect(drawer.querySelector('.send-products .arco-tag')?.textContent).toBe('Serum · P-240');
    await waitFor(() =>
      expect(drawer.querySelector('.send-script-preview-text')?.textContent).toContain('Serum'),
    );
    expect(asked).toEqual(expect.arrayContaining(['scripts:', 'scripts:launch', 'products:serum']));
  });

  // Issue 20 #1: the rules offer the talent list's own choices (tiers by their shown name,
  // the seller's labels), send the tier's key, and say why nobody would be invited.
  it('offers the tiers and the seller’s labels as rules, and says why nobody matches', async () => {
    const previews: unknown[] = [];
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (init.method === 'POST' && path === apiPaths.sendRecords.preview) {
        const body = JSON.parse(String(init.body)) as { rules?: { label?: string } };
        previews.push(body);
        const matched = body.rules?.label === 'quality' ? 0 : 2;
        return ok({
          matched,
          blacklisted: [],
          blacklistedCount: matched,
          cooldown: [],
          cooldownCount: 0,
          otherPlatform: [],
          otherPlatformCount: 0,
          willCreate: { skip: 0, include: 0 },
          dailyCap: 20,
          usedToday: 0,
          remainingToday: 20,
          timeZone: 'Asia/Shanghai',
          todayEndsAt: '2025-03-08T16:00:00.000Z',
          sample: null,
        } satisfies SendPreviewData);
      }
      if (path === apiPaths.talents.facets)
        return ok({ shopNames: ['Glow Store'], labels: ['宝妈', 'live'] });
      if (path === apiPaths.shops.list) {
        return ok({
          list: [{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.templates.scripts || path === apiPaths.templates.products)
        return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      if (path === apiPaths.talents.list)
        return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
      return ok(pageOf([]));
    });
    const drawer = await openCreateDrawer();
    fireEvent.click(within(drawer).getAllByText('Choose a bound shop')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Glow Store' }));
    fireEvent.click(within(drawer).getByText('Rules'));

    // The label rule is a choice among the tiers and the seller's own labels, not free text.
    const label = (await within(drawer).findByText('Label')).closest('.arco-form-item')!;
    fireEvent.click(label.querySelector('.arco-select-view')!);
    // The seller's labels arrive with the talent facets.
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Quality',
        'Newbie',
        'Top',
        'Middle',
        'Tail',
        '宝妈',
        'live',
      ]),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Quality' }));
    await waitFor(() =>
      expect(previews.at(-1)).toMatchObject({ filterType: 'rules', rules: { label: 'quality' } }),
    );
    // No talent has it: said as such, not as a blacklist or a cool-down.
    expect(await within(drawer).findByTestId('send-preview-nobody')).toHaveTextContent(
      'No talent matches these rules: widen them and try again',
    );

    // The other rules of the talent list are here too, the less used ones folded.
    for (const name of ['Talent name', 'Talent’s shop', 'Status', 'Platform', 'Fans']) {
      expect(within(drawer).getByText(name, { selector: 'label' })).toBeVisible();
    }
    const amount = () => within(drawer).getByText('Business amount (CNY)', { selector: 'label' });
    expect(amount()).not.toBeVisible();
    fireEvent.click(within(drawer).getByRole('button', { name: 'More rules' }));
    expect(amount()).toBeVisible();

    // A seller's own label: both matches are blacklisted, and that is what is said.
    fireEvent.click(label.querySelector('.arco-select-view')!);
    fireEvent.click(await screen.findByRole('option', { name: '宝妈' }));
    await waitFor(() =>
      expect(within(drawer).getByTestId('send-preview-nobody')).toHaveTextContent(
        'No talent left to invite: all 2 talents are blacklisted',
      ),
    );
    expect(previews.at(-1)).toMatchObject({ rules: { label: '宝妈' } });
  });

  it('closes at once when nothing was entered, and asks before discarding what was', async () => {
    stubFetch((url) => {
      const path = url.split('?')[0];
      if (path === apiPaths.shops.list) {
        return ok({
          list: [{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.templates.scripts || path === apiPaths.templates.products)
        return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      if (path === apiPaths.talents.list)
        return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
      return ok(pageOf([]));
    });
    const esc = (element: HTMLElement) =>
      fireEvent.keyDown(element, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const title = 'Create invitation task';
    const question = () => screen.queryByText('Discard your changes?');

    // Pristine: Esc closes, nothing asked.
    let drawer = await openCreateDrawer();
    esc(drawer);
    await waitFor(() => expect(screen.queryByText(title)).toBeNull());
    expect(question()).toBeNull();

    // Something entered: Esc asks; keeping on leaves the drawer with what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    drawer = (await screen.findByText(title)).closest('.arco-drawer') as HTMLElement;
    const setName = within(drawer).getByPlaceholderText('e.g. Spring launch');
    fireEvent.change(setName, { target: { value: 'Autumn picks' } });
    esc(drawer);
    const dialog = (await screen.findByText('Discard your changes?')).closest(
      '.arco-modal',
    ) as HTMLElement;
    expect(
      within(dialog).getByText(
        'What you entered has not been saved and will be lost if you close.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(question()).toBeNull());
    expect(screen.getByText(title)).toBeInTheDocument();
    expect(within(drawer).getByDisplayValue('Autumn picks')).toBeInTheDocument();

    // The mask asks too; discarding closes, and the next opening starts empty.
    fireEvent.click(document.querySelector('.arco-drawer-mask') as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText(title)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    drawer = (await screen.findByText(title)).closest('.arco-drawer') as HTMLElement;
    expect(within(drawer).getByPlaceholderText('e.g. Spring launch')).toHaveValue('');

    // A choice made and taken back is nothing entered: Cancel closes at once.
    fireEvent.click(within(drawer).getByText('Rules'));
    fireEvent.click(within(drawer).getByText(translate('en-US', 'enum.filterType.manual')));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(title)).toBeNull());
    expect(question()).toBeNull();
  });

  it('says what is missing on an empty create, and why the talents cannot be previewed', async () => {
    stubFetch((url, init) => {
      const path = url.split('?')[0];
      if (init.method === 'POST' && path === apiPaths.sendRecords.preview) {
        return fail(400, 'The minimum of a range cannot be greater than its maximum');
      }
      if (path === apiPaths.shops.list) {
        return ok({
          list: [{ id: 5, shopName: 'Glow Store', bindStatus: 'BOUND' }],
          total: 1,
          page: 1,
          pageSize: 100,
        });
      }
      if (path === apiPaths.sendRecords.count) return ok({ total: 0, exact: true });
      if (path === apiPaths.templates.scripts || path === apiPaths.templates.products)
        return ok({ list: [], total: 0, page: 1, pageSize: 100 });
      if (path === apiPaths.talents.list)
        return ok({ list: [], pageSize: 20, nextCursor: null, prevCursor: null });
      return ok(pageOf([]));
    });
    const drawer = await openCreateDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Create' }));
    expect(await within(drawer).findByText('Please choose a shop')).toBeInTheDocument();
    expect(within(drawer).getByText('Please choose at least one talent')).toBeInTheDocument();
    expect(within(drawer).getByText('Set name cannot be empty')).toBeInTheDocument();

    // Rules the server cannot apply: its reason shows where the preview would be.
    fireEvent.click(within(drawer).getAllByText('Choose a bound shop')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Glow Store' }));
    fireEvent.click(within(drawer).getByText('Rules'));
    expect(
      await within(drawer).findByText('The minimum of a range cannot be greater than its maximum'),
    ).toBeInTheDocument();
    expect(within(drawer).getByTestId('send-preview-error')).toBeVisible();
  });
});
