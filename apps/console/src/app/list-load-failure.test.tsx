import {
  apiPaths,
  type BlacklistEntry,
  type FollowUp,
  type MessageData,
  type Locale,
  type ProductTemplate,
  type ScriptTemplate,
  type SendRecord,
  type SendStats,
  type Shop,
} from '@inviteflow/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteRewardPage } from '@/features/invite/components/invite-reward-page.tsx';
import { inviteMessages } from '@/features/invite/locale/index.ts';
import { MembershipRecordsPage } from '@/features/membership/components/records-page.tsx';
import { membershipMessages } from '@/features/membership/locale/index.ts';
import { pendingOrder, plansEn } from '@/features/membership/testing/fixtures.ts';
import { MessageCenterPage } from '@/features/messages/components/message-center-page.tsx';
import { SentSearchTablePage } from '@/features/send-records/components/sent-search-page.tsx';
import { sendRecordsMessages } from '@/features/send-records/locale/index.ts';
import { ShopListPage } from '@/features/shops/components/shop-list-page.tsx';
import { shopsMessages } from '@/features/shops/locale/index.ts';
import { TalentBlacklistPage } from '@/features/talents/components/blacklist-page.tsx';
import { FollowUpDrawer } from '@/features/talents/components/follow-up-drawer.tsx';
import { TalentSearchTablePage } from '@/features/talents/components/talent-search-page.tsx';
import { talentsMessages } from '@/features/talents/locale/index.ts';
import { makeTalent, pathOf } from '@/test/talent-fixtures.ts';
import { ProductTemplatesPage } from '@/features/templates/components/product-templates-page.tsx';
import { ScriptTemplatesPage } from '@/features/templates/components/script-templates-page.tsx';
import { templatesMessages } from '@/features/templates/locale/index.ts';
import { WorkplacePage } from '@/features/workplace/components/workplace-page.tsx';
import { workplaceMessages } from '@/features/workplace/locale/index.ts';
import { MessageBoxEntry } from '@/layout/message-box/message-box.tsx';
import { globalTexts } from '@/locale/global-texts.ts';
import { json, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';

/**
 * Issue 20 #3: a list whose load fails says so, with Retry, on every list of the console:
 * never its first-use empty state ("No talents yet…"), which would tell a seller their
 * account is empty. Each case fails its list's call with an HTTP 500 without a body, checks
 * the failure state, then lets the call through and presses Retry: the rows appear.
 */

const at = '2025-03-08T06:05:09.000Z';
const keyset = <Row,>(list: Row[]) => ({ list, pageSize: 20, nextCursor: null, prevCursor: null });
const paged = <Row,>(list: Row[]) => ({ list, total: list.length, page: 1, pageSize: 20 });

const sendRecord: SendRecord = {
  id: 1,
  taskId: 1,
  shopId: 5,
  shopName: 'Glow Store',
  talentId: 1,
  talentName: 'Record Talent',
  platform: 'douyin',
  platformTalentId: 'dy1',
  identity: { platform: 'douyin', talentId: 'dy1', buyinId: null, uid: null },
  taskType: 'free_product',
  contentType: 'vertical_video',
  filterType: 'manual',
  setName: 'Spring',
  message: 'Hi',
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
  createdAt: at,
  updatedAt: at,
};

const shop: Shop = {
  id: 1,
  platform: 'douyin',
  shopName: 'Listed Shop',
  siteName: 'CN',
  shopCode: 'CODE-1',
  bindStatus: 'BOUND',
  boundAt: at,
  nextBindAt: null,
  source: 'manual',
  platformRegion: null,
  connectionId: null,
  platformPause: null,
  createdAt: at,
  updatedAt: at,
};

const shopPage = (list: Shop[]) => ({
  ...paged(list),
  counts: { all: list.length, BOUND: list.length, UNBOUND: 0, EXPIRED: 0 },
  slots: { limit: 3, used: list.length, bound: list.length, level: 'basic' as const },
});

const script: ScriptTemplate = {
  id: 1,
  content: 'A listed script',
  remark: '',
  createdAt: at,
  updatedAt: at,
};
const product: ProductTemplate = {
  id: 1,
  productId: '3600000000001',
  productName: 'A listed product',
  remark: '',
  createdAt: at,
  updatedAt: at,
};
const blacklisted: BlacklistEntry = {
  id: 1,
  talentName: 'Listed Blacklisted',
  platformTalentId: 'dy_black',
  fansCount: 1000,
  reason: 'spam',
  talentId: null,
  createdAt: at,
};
const message: MessageData = {
  id: 1,
  type: 'message',
  kind: 'paymentSucceeded',
  title: 'A listed message',
  subTitle: '',
  avatar: 'payment',
  content: 'Paid',
  time: '2025-03-08 14:05',
  createdAt: at,
  status: 1,
  messageType: 0,
  conversationId: null,
};
const followUp: FollowUp = {
  id: 1,
  talentId: 3,
  author: 'seller01',
  content: 'A listed follow-up',
  statusAtTime: 'communicating',
  event: null,
  createdAt: at,
};

function stats(): SendStats {
  return {
    timeZone: 'Asia/Shanghai',
    todayEndsAt: '2025-03-08T16:00:00.000Z',
    timeZoneDaysFrom: null,
    days: [{ day: '2025-03-08', created: 0, succeeded: 0, failed: 0 }],
    totals: { created: 0, succeeded: 0, failed: 0, successRate: null },
    topFailures: [],
    records: { pending: 0, running: 0, success: 0, failed: 0 },
    talentsByStatus: [],
    shops: {
      slots: { limit: 1, used: 1, bound: 1, level: 'none' },
      counts: { BOUND: 1, UNBOUND: 0, EXPIRED: 0 },
      list: [shop],
    },
    membership: {
      level: 'none',
      isActive: false,
      validTo: null,
      endedAt: null,
      shopBindLimit: 1,
      dailyInvitationCap: 20,
      usedToday: 0,
      remainingToday: 20,
    },
  };
}

/** The answers of the calls a page makes beside its list. */
function besides(path: string) {
  if (path === apiPaths.talents.count || path === apiPaths.sendRecords.count)
    return ok({ total: 1, exact: true });
  if (path === apiPaths.talents.facets) return ok({ shopNames: [], labels: [] });
  if (path === apiPaths.shops.list) return ok(shopPage([]));
  if (path === apiPaths.membership.plans) return ok(plansEn);
  if (path === apiPaths.messages.summary)
    return ok({
      unread: { message: 0, notice: 0, todo: 0 },
      latest: { message: [], notice: [], todo: [] },
    });
  if (path === apiPaths.invite.info)
    return ok({
      inviteCode: 'K7PQ2MXA',
      inviteLink: 'http://127.0.0.1:3000/register?inviteCode=K7PQ2MXA',
      rewardDays: 30,
      invitedCount: 1,
      paidCount: 1,
      rewardDaysTotal: 30,
    });
  if (path === apiPaths.invite.invitees || path === apiPaths.invite.rewards) return ok(paged([]));
  return ok(null);
}

interface ListCase {
  name: string;
  render: () => ReactElement;
  path?: string;
  /** The list call that fails. */
  list: string;
  /** Its answer once it works again. */
  rows: () => Response;
  /** A text of a row. */
  rowText: string;
  /** The list's first-use empty state, which a failure must never show. */
  empty: (locale: Locale) => string;
  /** Opens the list where it is not on the page itself (the message box). */
  open?: () => Promise<void>;
  /** What did not load, where the list names it itself. */
  failedTitle?: (locale: Locale) => string;
}

const cases: ListCase[] = [
  {
    name: 'talents',
    render: () => <TalentSearchTablePage />,
    path: '/talent/search-table',
    list: apiPaths.talents.list,
    rows: () => ok(keyset([makeTalent(1, { name: 'Listed Talent' })])),
    rowText: 'Listed Talent',
    empty: (l) => talentsMessages[l]['empty.none'],
  },
  {
    name: 'send records',
    render: () => <SentSearchTablePage />,
    path: '/sent/search-table',
    list: apiPaths.sendRecords.list,
    rows: () => ok(keyset([sendRecord])),
    rowText: 'Record Talent',
    empty: (l) => sendRecordsMessages[l]['empty.none'],
  },
  {
    name: 'shops',
    render: () => <ShopListPage />,
    path: '/shop/list',
    list: apiPaths.shops.list,
    rows: () => ok(shopPage([shop])),
    rowText: 'Listed Shop',
    empty: (l) => shopsMessages[l]['empty.all'],
  },
  {
    name: 'script templates',
    render: () => <ScriptTemplatesPage />,
    path: '/template/script',
    list: apiPaths.templates.scripts,
    rows: () => ok(paged([script])),
    rowText: 'A listed script',
    empty: (l) => templatesMessages[l]['empty.scripts'],
  },
  {
    name: 'product templates',
    render: () => <ProductTemplatesPage />,
    path: '/template/product',
    list: apiPaths.templates.products,
    rows: () => ok(paged([product])),
    rowText: 'A listed product',
    empty: (l) => templatesMessages[l]['empty.products'],
  },
  {
    name: 'blacklist',
    render: () => <TalentBlacklistPage />,
    path: '/talent/blacklist',
    list: apiPaths.blacklist.list,
    rows: () => ok(paged([blacklisted])),
    rowText: 'Listed Blacklisted',
    empty: (l) => talentsMessages[l]['blacklist.empty'],
  },
  {
    name: 'purchase records',
    render: () => <MembershipRecordsPage />,
    path: '/membership/records',
    list: apiPaths.membership.orders,
    rows: () => ok(paged([pendingOrder])),
    rowText: pendingOrder.orderId,
    empty: (l) => membershipMessages[l]['records.empty'],
  },
  {
    name: 'message center',
    render: () => <MessageCenterPage />,
    path: '/user/messages',
    list: apiPaths.messages.list,
    rows: () => ok(paged([message])),
    rowText: 'A listed message',
    empty: (l) => globalTexts[l]['messageBox.noContent'],
  },
  {
    name: 'message box',
    render: () => <MessageBoxEntry />,
    list: apiPaths.messages.summary,
    rows: () =>
      ok({
        unread: { message: 0, notice: 0, todo: 0 },
        latest: { message: [message], notice: [], todo: [] },
      }),
    rowText: 'A listed message',
    empty: (l) => globalTexts[l]['messageBox.noContent'],
    open: async () => {
      fireEvent.click(await screen.findByRole('button', { name: /^(Messages|消息通知)$/ }));
    },
  },
  {
    name: 'invitees',
    render: () => <InviteRewardPage />,
    path: '/invite/reward',
    list: apiPaths.invite.invitees,
    rows: () =>
      ok(
        paged([
          { phoneNumber: '139****0001', registeredAt: at, hasPaid: false, rewardGranted: false },
        ]),
      ),
    rowText: '139****0001',
    empty: (l) => inviteMessages[l]['invitees.empty'],
  },
  {
    name: 'invite rewards',
    render: () => <InviteRewardPage />,
    path: '/invite/reward',
    list: apiPaths.invite.rewards,
    rows: () =>
      ok(
        paged([
          { id: 1, invitee: '139****0009', days: 30, grantedAt: at, startsAt: at, endsAt: at },
        ]),
      ),
    rowText: '139****0009',
    empty: (l) => inviteMessages[l]['rewards.empty'],
  },
  {
    name: 'follow-up history',
    render: () => <FollowUpDrawer talent={makeTalent(3)} onClose={() => undefined} />,
    list: apiPaths.talents.followUps(3),
    rows: () => ok(paged([followUp])),
    rowText: 'A listed follow-up',
    empty: (l) => talentsMessages[l]['followUp.empty'],
  },
  {
    name: 'workplace',
    render: () => <WorkplacePage />,
    path: '/sent/workplace',
    list: apiPaths.sendRecords.stats,
    rows: () => ok(stats()),
    rowText: 'Listed Shop',
    empty: (l) => workplaceMessages[l]['shops.empty'],
    failedTitle: (l) => workplaceMessages[l]['page.loadFailed'],
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe.each(['en-US', 'zh-CN'] as const)('a list that fails to load, in %s', (locale) => {
  beforeEach(async () => {
    await resetApp(locale);
    signIn();
  });

  const g = globalTexts[locale];

  it.each(cases)(
    '$name: the failure with Retry, not the empty state; Retry shows the rows',
    async (c) => {
      let down = true;
      const listCalls: string[] = [];
      stubFetch((url) => {
        const path = pathOf(url);
        if (path === c.list) {
          listCalls.push(url);
          // An HTTP 500 without a body, as a proxy or a crashed server answers.
          return down ? json(undefined, 500, 'Internal Server Error') : c.rows();
        }
        return besides(path);
      });
      renderPage(c.render(), c.path);
      await c.open?.();

      const title = c.failedTitle?.(locale) ?? g['list.loadFailed'];
      const failure = (await screen.findByText(title)).closest<HTMLElement>('.load-failed');
      if (!failure) throw new Error('the failure state is not drawn by LoadFailed');
      expect(within(failure).getByText(g['request.requestError'])).toBeInTheDocument();
      expect(screen.queryByText(c.empty(locale))).not.toBeInTheDocument();
      expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();

      down = false;
      const asked = listCalls.length;
      fireEvent.click(within(failure).getByRole('button', { name: g['list.retry'] }));
      expect((await screen.findAllByText(c.rowText)).length).toBeGreaterThan(0);
      expect(listCalls.length).toBeGreaterThan(asked);
      await waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
    },
  );
});

describe('a keyset list whose count fails', () => {
  beforeEach(async () => {
    await resetApp('en-US');
    signIn();
  });

  it('shows the rows and says the total is not available, with a Retry of its own', async () => {
    let countDown = true;
    stubFetch((url) => {
      const path = pathOf(url);
      if (path === apiPaths.talents.list)
        return ok(keyset([makeTalent(1, { name: 'Listed Talent' })]));
      if (path === apiPaths.talents.count)
        return countDown ? json(undefined, 503, '') : ok({ total: 1, exact: true });
      return besides(path);
    });
    renderPage(<TalentSearchTablePage />, '/talent/search-table');
    expect(await screen.findByText('Listed Talent')).toBeInTheDocument();
    const total = (await screen.findByText('Total not available')).closest<HTMLElement>(
      '.talent-total',
    );
    if (!total) throw new Error('no total beside the pager');
    expect(screen.queryByText('Counting…')).not.toBeInTheDocument();
    countDown = false;
    fireEvent.click(within(total).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total: 1')).toBeInTheDocument();
  });
});
