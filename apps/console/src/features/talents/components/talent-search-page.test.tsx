import { apiPaths, type Talent } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayEnd, dayStart } from '@/lib/day-range.ts';
import { queryClient } from '@/lib/query-client.ts';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { chooseOption, formItem, makeTalent, pathOf, queryOf } from '@/test/talent-fixtures.ts';
import { TalentSearchTablePage } from './talent-search-page.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * The talent API at the network edge: pages of `rows` (cursor `c<page>` for each page),
 * the count, facets, and the batch calls recorded.
 */
function stubTalentApi(
  options: {
    rows?: Talent[];
    total?: number;
    exact?: boolean;
    pageSize?: number;
    currencies?: string[];
  } = {},
) {
  const rows = options.rows ?? Array.from({ length: 20 }, (_, index) => makeTalent(index + 1));
  const total = options.total ?? rows.length;
  const calls: Call[] = [];
  const fetchStub = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const path = pathOf(url);
    const query = queryOf(url);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, query, body });
    if (path === apiPaths.talents.count) return ok({ total, exact: options.exact ?? true });
    if (path === apiPaths.talents.facets)
      return ok({
        shopNames: ['Home Goods Store', '美妆旗舰店'],
        labels: ['live', 'sample'],
        currencies: options.currencies ?? [],
      });
    if (path.startsWith(`${apiPaths.talents.list}/batch/`)) {
      const ids = (body as { ids: number[] }).ids;
      return ok({ affected: ids.length });
    }
    if (path === apiPaths.talents.list && method === 'GET') {
      const size = Number(query.pageSize ?? 20);
      const offset = Number(query.offset ?? 0);
      const page = query.cursor
        ? Number(query.cursor.slice(1))
        : query.fromEnd === 'true'
          ? Math.ceil((total - offset) / 20)
          : Math.floor(offset / size) + 1;
      const list = rows.slice((page - 1) * size, page * size);
      return ok({
        list: list.length > 0 ? list : rows.slice(0, size),
        pageSize: size,
        nextCursor: page * size < total ? `c${page + 1}` : null,
        prevCursor: page > 1 ? `c${page - 1}` : null,
      });
    }
    return ok(null);
  });
  const lists = () => calls.filter((call) => call.path === apiPaths.talents.list);
  return { calls, lists, fetchStub };
}

/** The table's column headers, in order (the selection column's is empty). */
const headers = () =>
  [...document.querySelectorAll<HTMLElement>('.talent-table thead th')].map(
    (th) => th.textContent ?? '',
  );

/** The pager's item for a page number. */
function pageItem(page: number): HTMLElement {
  const item = [...document.querySelectorAll<HTMLElement>('.arco-pagination-item')].find(
    (element) => element.textContent === String(page),
  );
  if (!item) throw new Error(`no pager item ${page}`);
  return item;
}

const listQuery = (extra: Record<string, string> = {}) => ({
  sort: 'addedAt',
  order: 'desc',
  pageSize: '20',
  ...extra,
});

describe('Talent Management Query', () => {
  it('shows the key fields first, every other field once ticked, the count and the total', async () => {
    const api = stubTalentApi({
      rows: [
        makeTalent(1, {
          name: '小林的好物',
          labels: ['quality', 'live'],
          status: 'communicating',
          remark: 'sent samples',
        }),
      ],
      total: 1,
    });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    expect(await screen.findByText('小林的好物')).toBeInTheDocument();
    expect(screen.getByText('Talent Management Query')).toBeInTheDocument();
    expect(api.lists()[0]?.query).toEqual(listQuery());
    expect(api.calls.some((call) => call.path === apiPaths.talents.count)).toBe(true);
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
    // The key columns lead (they are in view at 1280 px); the figures seldom read wait.
    expect(headers().slice(0, 8)).toEqual([
      '',
      'Talent name',
      'Platform',
      'Status',
      'Fans',
      'Business amount',
      'Deal count',
      'Labels',
    ]);
    expect(headers().at(-1)).toBe('Operations');
    const row = () => screen.getByText('小林的好物').closest('tr') as HTMLElement;
    for (const text of [
      'dy1',
      'Douyin',
      'Home Goods Store',
      'Quality',
      'live',
      'Communicating',
      'WeChat',
      'wx_1',
      '12,001',
      'CNY 12,345.67',
      '42',
    ])
      expect(within(row()).getByText(text)).toBeInTheDocument();
    expect(within(row()).queryByText('sent samples')).toBeNull();
    expect(within(row()).queryByText('3,400')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const list = await screen.findByRole('list', { name: 'Column settings' });
    for (const column of [
      'Industry',
      'Video avg views',
      'Video GPM (CNY)',
      'Live avg views',
      'Live GPM (CNY)',
      'Remark',
    ])
      fireEvent.click(within(list).getByRole('checkbox', { name: column }));
    for (const text of ['Home', '3,400', '123.45', '800', '500.00', 'sent samples'])
      expect(await within(row()).findByText(text)).toBeInTheDocument();
  });

  it('keeps the density and the columns chosen across a reload', async () => {
    stubTalentApi({ rows: [makeTalent(1)], total: 1 });
    const first = renderPage(<TalentSearchTablePage />, '/talent/search-table');
    expect(await screen.findByText('Talent 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Density' }));
    fireEvent.click(await screen.findByText('Small'));
    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    const list = await screen.findByRole('list', { name: 'Column settings' });
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Labels' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Move "Deal count" up' }));
    const chosen = [
      '',
      'Talent name',
      'Platform',
      'Status',
      'Fans',
      'Deal count',
      'Business amount',
      'Shop',
    ];
    await waitFor(() => expect(headers().slice(0, 8)).toEqual(chosen));
    expect(document.querySelector('.talent-table')).toHaveClass('arco-table-size-small');
    first.unmount();
    queryClient.clear();

    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    expect(await screen.findByText('Talent 1')).toBeInTheDocument();
    expect(headers().slice(0, 8)).toEqual(chosen);
    expect(document.querySelector('.talent-table')).toHaveClass('arco-table-size-small');
  });

  it('builds the query from the filters: presets, a custom range with Apply, reset', async () => {
    const api = stubTalentApi();
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Talent 1');

    fireEvent.change(screen.getByPlaceholderText('Talent name or talent ID'), {
      target: { value: ' 小林 ' },
    });
    await chooseOption(formItem('Status'), 'Communicating');
    await chooseOption(formItem('Label'), 'Quality');
    // A preset runs the search at once, with everything the form holds.
    await chooseOption(formItem('Fans'), '10k-50k');
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual(
        listQuery({
          name: '小林',
          status: 'communicating',
          label: 'quality',
          fansMin: '10000',
          fansMax: '50000',
        }),
      ),
    );

    // A custom business amount, typed in yuan and sent in fen, taken with Apply.
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const amount = formItem('Business amount (CNY)');
    const popups = () => document.querySelectorAll<HTMLElement>('.range-filter-custom');
    const opened = popups().length;
    fireEvent.click(amount.querySelector('.arco-select-view') as HTMLElement);
    const popup = await waitFor(() => {
      const element = popups()[opened];
      if (!element) throw new Error('no custom range');
      return element;
    });
    fireEvent.change(within(popup).getByLabelText('Min'), { target: { value: '200' } });
    fireEvent.change(within(popup).getByLabelText('Max'), { target: { value: '100.5' } });
    fireEvent.click(within(popup).getByRole('button', { name: 'Apply' }));
    expect(
      await within(popup).findByText('The minimum of a range cannot be greater than its maximum'),
    ).toBeInTheDocument();
    const before = api.lists().length;
    fireEvent.change(within(popup).getByLabelText('Max'), { target: { value: '1000.5' } });
    fireEvent.click(within(popup).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual(
        listQuery({
          name: '小林',
          status: 'communicating',
          label: 'quality',
          fansMin: '10000',
          fansMax: '50000',
          businessAmountMinFen: '20000',
          businessAmountMaxFen: '100050',
        }),
      ),
    );
    expect(api.lists().length).toBe(before + 1);
    expect(within(amount).getByText('200.00 - 1,000.50')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(listQuery()));
    expect(screen.getByPlaceholderText('Talent name or talent ID')).toHaveValue('');
  });

  // Issue 19: synced amounts are in their orders' currency; a range is in one currency.
  it('filters business amounts in the currency picked when the library holds several', async () => {
    const api = stubTalentApi({ currencies: ['CNY', 'USD'] });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Talent 1');
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    // The label no longer says yuan: the range names its currency.
    const amount = await waitFor(() => formItem('Business amount'));
    fireEvent.click(amount.querySelector('.arco-select-view') as HTMLElement);
    const popup = await waitFor(() => {
      const element = [...document.querySelectorAll<HTMLElement>('.range-filter-popup')].at(-1);
      if (!element?.querySelector('.range-filter-currency')) throw new Error('no currency');
      return element;
    });
    fireEvent.click(within(popup).getByText('USD'));
    fireEvent.change(within(popup).getByLabelText('Min'), { target: { value: '12.5' } });
    fireEvent.click(within(popup).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual(
        listQuery({ businessAmountMinFen: '1250', businessAmountCurrency: 'USD' }),
      ),
    );
    expect(within(amount).getByText('USD ≥ 12.50')).toBeInTheDocument();
  });

  // Issue 20 #17: a deep link's query is the search; each search and page is in the URL.
  it('applies the filters, page and size of its URL, and keeps each search there', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => makeTalent(index + 1));
    const api = stubTalentApi({ rows });
    const { router } = renderPage(
      <TalentSearchTablePage />,
      '/talent/search-table?status=cooperating&fansMin=1000&fansMax=5000' +
        '&created=2026-01-01,2026-01-31&sort=fansCount&order=asc&page=2&pageSize=50',
    );
    const linked = listQuery({
      status: 'cooperating',
      fansMin: '1000',
      fansMax: '5000',
      createdFrom: dayStart('2026-01-01'),
      createdTo: dayEnd('2026-01-31'),
      sort: 'fansCount',
      order: 'asc',
      pageSize: '50',
      offset: '50',
    });
    // The very first request is the linked one: no unfiltered list is asked first.
    await waitFor(() => expect(api.lists()[0]?.query).toEqual(linked));
    expect(await screen.findByText('Talent 51')).toBeInTheDocument();
    expect(within(formItem('Status')).getByText('Cooperating')).toBeInTheDocument();
    expect(within(formItem('Fans')).getByText('1k-5k')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More filters (1)' })).toBeInTheDocument();
    expect(pageItem(2)).toHaveClass('arco-pagination-item-active');

    // A search is a new URL, from page 1, with the same size and sort.
    fireEvent.change(screen.getByPlaceholderText('Talent name or talent ID'), {
      target: { value: 'dy7' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        status: 'cooperating',
        fansMin: '1000',
        fansMax: '5000',
        created: '2026-01-01,2026-01-31',
        sort: 'fansCount',
        order: 'asc',
        name: 'dy7',
        pageSize: '50',
      }),
    );
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual({
        ...linked,
        name: 'dy7',
        offset: undefined,
      }),
    );

    // Back returns to the linked page, its filters shown again.
    await router.back();
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(linked));
    await waitFor(() =>
      expect(screen.getByPlaceholderText('Talent name or talent ID')).toHaveValue(''),
    );
    expect(within(formItem('Status')).getByText('Cooperating')).toBeInTheDocument();
  });

  // Issue 20 #14: one default size, and the size picked kept for this list and account.
  it('opens at the page size the seller picked for the talent list last time', async () => {
    const api = stubTalentApi({ rows: Array.from({ length: 60 }, (_, i) => makeTalent(i + 1)) });
    const first = renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await waitFor(() => expect(api.lists()[0]?.query).toEqual(listQuery()));
    await chooseOption(document.querySelector('.arco-pagination-option') as HTMLElement, /^50/);
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(listQuery({ pageSize: '50' })));
    expect(first.router.state.location.search).toBe('?pageSize=50');
    first.unmount();
    // A later visit: nothing cached, the page asks again.
    queryClient.clear();
    const again = stubTalentApi();
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await waitFor(() => expect(again.lists()[0]?.query).toEqual(listQuery({ pageSize: '50' })));
  });

  it('sorts on the server and goes back to page 1', async () => {
    const rows = Array.from({ length: 60 }, (_, index) => makeTalent(index + 1));
    const api = stubTalentApi({ rows });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Talent 1');
    await screen.findByText('Total: 60');
    fireEvent.click(pageItem(2));
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(listQuery({ cursor: 'c2' })));

    fireEvent.click(screen.getByText('Fans', { selector: 'th *' }));
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual(listQuery({ sort: 'fansCount', order: 'desc' })),
    );
    expect(pageItem(1)).toHaveClass('arco-pagination-item-active');
    fireEvent.click(screen.getByText('Fans', { selector: 'th *' }));
    await waitFor(() =>
      expect(api.lists().at(-1)?.query).toEqual(listQuery({ sort: 'fansCount', order: 'asc' })),
    );
  });

  it('pages over cursors, jumps by offset, from the end, and refuses too deep a jump', async () => {
    const api = stubTalentApi({ rows: [makeTalent(1)], total: 1_000_000 });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Total: 1,000,000');
    const jumper = () => document.querySelector('.arco-pagination-jumper input') as HTMLElement;
    const jump = async (page: number, expected: Record<string, string> | null) => {
      const count = api.lists().length;
      fireEvent.change(jumper(), { target: { value: String(page) } });
      fireEvent.keyDown(jumper(), { key: 'Enter', keyCode: 13 });
      if (expected) await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(expected));
      else expect(api.lists().length).toBe(count);
    };
    // Next page: the first page's nextCursor.
    fireEvent.click(pageItem(2));
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(listQuery({ cursor: 'c2' })));
    // A jump within 10,000 rows of the start.
    await jump(400, listQuery({ offset: '7980' }));
    // Near the end: counted from the end (the last page is full here).
    await jump(49_998, listQuery({ offset: '40', fromEnd: 'true' }));
    await jump(50_000, listQuery({ offset: '0', fromEnd: 'true' }));
    // A page next to a visited one is reached by the cursor that page gave.
    await jump(49_999, listQuery({ cursor: 'c49999' }));
    // The middle of a million rows: neither end is within reach.
    await jump(20_000, null);
    expect(
      await screen.findByText(/Pages more than 10,000 rows from the first or last page/),
    ).toBeInTheDocument();
    // Visited pages keep their cursors: back from page 49,999 by its prevCursor.
    fireEvent.click(document.querySelector('.arco-pagination-item-prev') as HTMLElement);
    await waitFor(() => expect(api.lists().at(-1)?.query).toEqual(listQuery({ cursor: 'c49998' })));
  });

  it('shows an estimated total as such and never jumps from the end by it', async () => {
    const api = stubTalentApi({ rows: [makeTalent(1)], total: 1_000_000, exact: false });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('About 1,000,000');
    const jumper = document.querySelector('.arco-pagination-jumper input') as HTMLElement;
    const count = api.lists().length;
    fireEvent.change(jumper, { target: { value: '50000' } });
    fireEvent.keyDown(jumper, { key: 'Enter', keyCode: 13 });
    expect(
      await screen.findByText(/Pages more than 10,000 rows from the first or last page/),
    ).toBeInTheDocument();
    expect(api.lists().length).toBe(count);
  });

  it('keeps the selection across pages, shows its count and clears it', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => makeTalent(index + 1));
    stubTalentApi({ rows });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Talent 1');
    const check = (name: string) =>
      fireEvent.click(
        within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'),
      );
    check('Talent 1');
    check('Talent 2');
    expect(screen.getByText('2 talents selected')).toBeInTheDocument();
    fireEvent.click(pageItem(2));
    await screen.findByText('Talent 21');
    check('Talent 21');
    expect(screen.getByText('3 talents selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/talents selected/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modify status' })).toBeDisabled();
  });

  it('changes status, labels and blacklists the selection in batch, then refreshes', async () => {
    const rows = [
      makeTalent(1, { name: 'Amy', platformTalentId: 'amy_01', fansCount: 1500 }),
      makeTalent(2, { name: 'Bo', platformTalentId: 'bo_02', fansCount: 2_300_000 }),
      makeTalent(3, { name: 'Cy' }),
    ];
    const api = stubTalentApi({ rows });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    await screen.findByText('Amy');
    const select = () => {
      for (const name of ['Amy', 'Bo'])
        fireEvent.click(
          within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox'),
        );
      expect(screen.getByText('2 talents selected')).toBeInTheDocument();
    };
    const batchCall = (path: string) => api.calls.filter((call) => call.path === path).at(-1);

    // Modify status: the settable statuses only, required.
    select();
    fireEvent.click(screen.getByRole('button', { name: 'Modify status' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Set the status of the 2 selected talents to:')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please choose the new status')).toBeInTheDocument();
    fireEvent.click(dialog.querySelector('.arco-select-view') as HTMLElement);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('Blacklisted');
    fireEvent.click(screen.getByRole('option', { name: 'Cooperating' }));
    const listsBefore = api.lists().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(batchCall(apiPaths.talents.batchStatus)?.body).toEqual({
      ids: [1, 2],
      status: 'cooperating',
    });
    await waitFor(() => expect(screen.queryByText(/talents selected/)).not.toBeInTheDocument());
    await waitFor(() => expect(api.lists().length).toBeGreaterThan(listsBefore));

    // Modify label: remove needs a label; tiers and the seller's own labels are offered.
    select();
    fireEvent.click(screen.getByRole('button', { name: 'Modify label' }));
    dialog = await screen.findByRole('dialog', { name: 'Modify label' });
    fireEvent.click(within(dialog).getByText('Remove labels'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please choose at least one label')).toBeVisible();
    await chooseOption(formItem('Labels', dialog), 'Quality');
    await chooseOption(formItem('Labels', dialog), 'sample');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(batchCall(apiPaths.talents.batchLabels)?.body).toEqual({
        ids: [1, 2],
        labels: ['quality', 'sample'],
        mode: 'remove',
      }),
    );
    await waitFor(() => expect(screen.queryByText(/talents selected/)).not.toBeInTheDocument());

    // Batch blacklist: the selected talents (name, ID, fans) and a required reason.
    select();
    fireEvent.click(screen.getByRole('button', { name: 'Batch blacklist' }));
    dialog = await screen.findByRole('dialog', { name: 'Batch blacklist' });
    expect(
      within(dialog).getByText(
        'These 2 talents will be added to the blacklist and will never be invited.',
      ),
    ).toBeVisible();
    for (const text of ['Amy', 'amy_01', '1,500', 'Bo', 'bo_02', '2,300,000'])
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).queryByText('Cy')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await within(dialog).findByText('Reason cannot be empty')).toBeVisible();
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'Missed three appointments' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Blacklist' }));
    expect(await screen.findByText('Added to the blacklist')).toBeInTheDocument();
    expect(batchCall(apiPaths.talents.batchBlacklist)?.body).toEqual({
      ids: [1, 2],
      reason: 'Missed three appointments',
    });
  });
});
