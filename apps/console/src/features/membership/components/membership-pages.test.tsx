import { apiPaths } from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { paymentNavigation } from '../model/go-to-payment.ts';
import { noMembership, paidDetail, paidOrder, pendingOrder, plansEn } from '../testing/fixtures.ts';
import { MembershipPurchasePage } from './purchase-page.tsx';
import { MembershipRecordsPage } from './records-page.tsx';
import { MembershipResultPage } from './result-page.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('membership purchase', () => {
  it('says there is no plan, offers the three plans with pro chosen, and buys the chosen one', async () => {
    const go = vi.spyOn(paymentNavigation, 'go').mockImplementation(() => undefined);
    const posted: unknown[] = [];
    stubFetch((url, init) => {
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      if (url.startsWith(apiPaths.membership.info)) return ok(noMembership);
      if (url.startsWith(apiPaths.membership.purchase)) {
        posted.push(JSON.parse(String(init.body)));
        return ok({
          success: true,
          message: 'Order created',
          orderId: 'M1',
          paymentUrl: 'http://127.0.0.1/sandbox/alipay/gateway.do?x=1',
        });
      }
      return fail(404, 'not found');
    });
    renderPage(<MembershipPurchasePage />, '/membership/purchase');
    expect(await screen.findByText('You have no active membership plan')).toBeInTheDocument();
    expect(
      screen.getByText(/Free allowance: bind 1 shop and create 20 invitations a day/),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('radio');
    expect(cards.filter((card) => card.dataset.plan).map((card) => card.dataset.plan)).toEqual([
      'basic',
      'pro',
      'enterprise',
    ]);
    const pro = document.querySelector('[data-plan="pro"]')!;
    expect(pro).toHaveAttribute('aria-checked', 'true');
    expect(within(pro as HTMLElement).getByText('Recommended')).toBeInTheDocument();
    expect(within(pro as HTMLElement).getByText('¥299.00')).toBeInTheDocument();
    // Every plan says what a month of it costs, not only the longest.
    expect(
      cards
        .filter((card) => card.dataset.plan)
        .map((card) => card.querySelector('.plan-card-per-month')?.textContent),
    ).toEqual(['¥99.00 per month', '¥99.67 per month', '¥83.25 per month']);

    const summary = () => document.querySelector('.order-summary') as HTMLElement;
    expect(within(summary()).getByText('Pro')).toBeInTheDocument();
    expect(within(summary()).getByText('3 months')).toBeInTheDocument();
    expect(within(summary()).getByText('Alipay')).toBeInTheDocument();

    fireEvent.click(document.querySelector('[data-plan="enterprise"]')!);
    expect(within(summary()).getByText('Enterprise')).toBeInTheDocument();
    expect(within(summary()).getByText('12 months')).toBeInTheDocument();
    expect(within(summary()).getByText('¥999.00')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('http://127.0.0.1/sandbox/alipay/gateway.do?x=1'),
    );
    expect(posted).toEqual([{ planId: 'enterprise', paymentMethod: 'alipay' }]);
    expect(screen.getByRole('button', { name: /Going to the payment page/ })).toBeInTheDocument();

    // Back from the gateway, restored from the back/forward cache: Buy now works again.
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    fireEvent(window, restored);
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(posted).toHaveLength(2));
  });

  it('says the purchase failed, with the reason, and stays on the page', async () => {
    const go = vi.spyOn(paymentNavigation, 'go').mockImplementation(() => undefined);
    stubFetch((url) => {
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      if (url.startsWith(apiPaths.membership.info)) return ok(noMembership);
      if (url.startsWith(apiPaths.membership.purchase))
        return fail(500, 'Something went wrong on the server, please try again later');
      return fail(404, 'not found');
    });
    renderPage(<MembershipPurchasePage />, '/membership/purchase');
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(
      await screen.findByText(
        'Membership purchase failed: Something went wrong on the server, please try again later',
      ),
    ).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeEnabled();
  });

  it('says when the membership or the plans fail to load', async () => {
    stubFetch(() => fail(500, 'Something went wrong on the server, please try again later'));
    renderPage(<MembershipPurchasePage />, '/membership/purchase');
    expect(
      await screen.findByText('Your membership failed to load, please refresh and try again'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The plans failed to load, please refresh and try again'),
    ).toBeInTheDocument();
  });

  it('shows the plan in force and its expiry', async () => {
    stubFetch((url) => {
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      return ok({
        isActive: true,
        planId: 'pro',
        planName: 'Pro',
        expireDate: '2025-06-08T06:05:09.000Z',
        shopBindLimit: 10,
        dailyInvitationCap: 1000,
      });
    });
    renderPage(<MembershipPurchasePage />, '/membership/purchase');
    expect(await screen.findByText('Expires at')).toBeInTheDocument();
    expect(document.querySelector('.membership-current-plan')).toHaveTextContent('Pro');
    expect(screen.getByText('Bind 10 shops · Create 1000 invitations a day')).toBeInTheDocument();
    expect(document.querySelector('.membership-current-expire')!.textContent).toMatch(
      /^2025-06-0[89] \d\d:05:09$/,
    );
  });
});

describe('membership records', () => {
  it(
    'lists orders with the spec columns, pays, cancels with confirmation and opens the detail',
    { timeout: 120_000 }, // the project's budget for a busy machine (vitest.config.ts)
    async () => {
      const go = vi.spyOn(paymentNavigation, 'go').mockImplementation(() => undefined);
      const calls: string[] = [];
      let orders = [pendingOrder, paidOrder];
      stubFetch((url, init) => {
        const method = init.method ?? 'GET';
        calls.push(`${method} ${url}`);
        if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
        if (url === apiPaths.membership.pay(pendingOrder.orderId))
          return ok({ paymentUrl: 'http://127.0.0.1/pay-again' });
        if (url === apiPaths.membership.cancel(pendingOrder.orderId)) {
          orders = [{ ...pendingOrder, status: 'cancelled' }, paidOrder];
          return ok(orders[0]);
        }
        if (url === apiPaths.membership.order(paidOrder.orderId)) return ok(paidDetail);
        if (url.startsWith(apiPaths.membership.orders))
          return ok({ list: orders, total: 2, page: 1, pageSize: 10 });
        return fail(404, 'not found');
      });
      renderPage(<MembershipRecordsPage />, '/membership/records');
      expect(await screen.findByText(pendingOrder.orderId)).toBeInTheDocument();
      const headers = [...document.querySelectorAll('.records-table th')].map(
        (th) => th.textContent,
      );
      expect(headers).toEqual([
        'Order number',
        'Original price',
        'Actual price',
        'Payment method',
        'Purchase time',
        'Payment time',
        'Status',
        'Actions',
      ]);
      const pendingRow = screen.getByText(pendingOrder.orderId).closest('tr')!;
      const paidRow = screen.getByText(paidOrder.orderId).closest('tr')!;
      expect(within(pendingRow).getByText('Pending payment')).toBeInTheDocument();
      expect(within(paidRow).getByText('Paid')).toBeInTheDocument();
      // Pay and Cancel only on the pending order.
      expect(within(paidRow).queryByRole('button', { name: 'Pay' })).toBeNull();
      expect(within(paidRow).queryByRole('button', { name: 'Cancel' })).toBeNull();

      fireEvent.click(within(pendingRow).getByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1/pay-again'));

      fireEvent.click(within(pendingRow).getByRole('button', { name: 'Cancel' }));
      expect(
        await screen.findByText('Cancel this order? It cannot be paid afterwards.'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
      await waitFor(() =>
        expect(calls).toContain(`POST ${apiPaths.membership.cancel(pendingOrder.orderId)}`),
      );
      expect(await screen.findByText('Cancelled')).toBeInTheDocument();

      fireEvent.click(within(paidRow).getByRole('button', { name: 'View detail' }));
      await waitFor(() => expect(document.querySelector('.order-detail')).not.toBeNull());
      const drawer = document.querySelector('.order-detail') as HTMLElement;
      expect(await within(drawer).findByText(paidDetail.tradeNo!)).toBeInTheDocument();
      expect(within(drawer).getByText('Alipay (sandbox)')).toBeInTheDocument();
      expect(within(drawer).getByText('san***@sandbox.com')).toBeInTheDocument();
      expect(within(drawer).getByText('Payment confirmed, membership granted')).toBeInTheDocument();
      expect(within(drawer).getByText('Repeated notification, ignored')).toBeInTheDocument();
      // Alipay's status codes in words, not as TRADE_SUCCESS.
      expect(
        within(drawer).getAllByText(/^Alipay notification · trade succeeded · ¥/),
      ).toHaveLength(2);
      expect(within(drawer).queryByText(/TRADE_SUCCESS/)).toBeNull();
    },
  );

  it('says the cancel failed, with the reason, and shows the order as it now is', async () => {
    let orders = [pendingOrder];
    stubFetch((url) => {
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      if (url === apiPaths.membership.cancel(pendingOrder.orderId)) {
        // Paid at the gateway a moment ago.
        orders = [{ ...pendingOrder, status: 'paid', paidAt: pendingOrder.createdAt }];
        return fail(422, 'Only an order pending payment can be cancelled; this order is paid');
      }
      if (url.startsWith(apiPaths.membership.orders))
        return ok({ list: orders, total: 1, page: 1, pageSize: 10 });
      return fail(404, 'not found');
    });
    renderPage(<MembershipRecordsPage />, '/membership/records');
    const row = (await screen.findByText(pendingOrder.orderId)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(
      await screen.findByText(
        'Cancel failed: Only an order pending payment can be cancelled; this order is paid',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Paid')).toBeInTheDocument();
  });

  it('says when an order detail fails to load', async () => {
    stubFetch((url) => {
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      if (url === apiPaths.membership.order(paidOrder.orderId)) return fail(500, 'down');
      if (url.startsWith(apiPaths.membership.orders))
        return ok({ list: [paidOrder], total: 1, page: 1, pageSize: 10 });
      return fail(404, 'not found');
    });
    renderPage(<MembershipRecordsPage />, '/membership/records');
    const row = (await screen.findByText(paidOrder.orderId)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'View detail' }));
    expect(
      await screen.findByText('The order detail failed to load, please try again later'),
    ).toBeInTheDocument();
  });

  it('sends the filters to the server', async () => {
    const calls: string[] = [];
    stubFetch((url) => {
      calls.push(url);
      if (url.startsWith(apiPaths.membership.plans)) return ok(plansEn);
      return ok({ list: [], total: 0, page: 1, pageSize: 10 });
    });
    renderPage(<MembershipRecordsPage />, '/membership/records');
    expect(await screen.findByText('No purchase records yet')).toBeInTheDocument();
    const form = document.querySelector('.records-filter') as HTMLElement;
    const selects = form.querySelectorAll('.arco-select-view');
    fireEvent.click(selects[1]!);
    fireEvent.click(
      await screen.findByText('Expired', {
        selector: '.arco-select-option *, .arco-select-option',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        calls.some(
          (url) => url.includes('status=expired') && url.startsWith(apiPaths.membership.orders),
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('No order matches the search')).toBeInTheDocument();
  });
});

describe('payment result', () => {
  it('reads the order the gateway returned for and says it is paid, with the plan and expiry', async () => {
    stubFetch((url) =>
      url === apiPaths.membership.order(paidOrder.orderId) ? ok(paidDetail) : fail(404, 'no'),
    );
    renderPage(
      <MembershipResultPage />,
      `/membership/result?out_trade_no=${paidOrder.orderId}&trade_no=1`,
    );
    expect(await screen.findByText('Payment succeeded')).toBeInTheDocument();
    expect(
      screen.getByText(/Your Basic membership is active until 2025-04-01/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View purchase records' })).toBeInTheDocument();
  });

  it('offers to pay again while the order is pending', async () => {
    const go = vi.spyOn(paymentNavigation, 'go').mockImplementation(() => undefined);
    stubFetch((url) => {
      if (url === apiPaths.membership.pay(pendingOrder.orderId))
        return ok({ paymentUrl: 'http://127.0.0.1/again' });
      return ok({ ...paidDetail, ...pendingOrder, tradeNo: null, period: null, events: [] });
    });
    renderPage(<MembershipResultPage />, `/membership/result?out_trade_no=${pendingOrder.orderId}`);
    expect(await screen.findByText('Payment not received yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://127.0.0.1/again'));
  });

  it('Check again reads the order again: paid now', async () => {
    let reads = 0;
    stubFetch((url) => {
      if (url !== apiPaths.membership.order(pendingOrder.orderId)) return fail(404, 'no');
      reads += 1;
      return reads === 1
        ? ok({ ...paidDetail, ...pendingOrder, tradeNo: null, period: null, events: [] })
        : ok({ ...paidDetail, orderId: pendingOrder.orderId });
    });
    renderPage(<MembershipResultPage />, `/membership/result?out_trade_no=${pendingOrder.orderId}`);
    expect(await screen.findByText('Payment not received yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Payment succeeded')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('says so when the link names no order', async () => {
    stubFetch(() => fail(404, 'no'));
    renderPage(<MembershipResultPage />, '/membership/result');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });
});
