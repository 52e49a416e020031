import { apiPaths, type FollowUp, type Locale } from '@inviteflow/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { makeTalent, pathOf } from '@/test/talent-fixtures.ts';
import { FollowUpDrawer } from './follow-up-drawer.tsx';

/**
 * Issue 19: the entries the system writes when a creator answers (author "system", with an
 * `event`) are told in the reader's language, the author shown as 系统 / System; a person's
 * entry stays as written.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const history: FollowUp[] = [
  {
    id: 2,
    talentId: 3,
    author: 'system',
    // What the server keeps in `content` is Chinese: the console tells `event` instead.
    content: '店铺「Glow US」：达人接受了合作邀请',
    statusAtTime: 'cooperating',
    event: { stage: 'accepted', shopName: 'Glow US', taskId: 9 },
    createdAt: '2026-11-26T03:00:00.000Z',
  },
  {
    id: 1,
    talentId: 3,
    author: 'seller01',
    content: 'Called, will think about it',
    statusAtTime: 'communicating',
    event: null,
    createdAt: '2026-11-26T02:00:00.000Z',
  },
];

async function drawerIn(locale: Locale): Promise<HTMLElement> {
  await resetApp(locale);
  signIn();
  stubFetch((url) => {
    expect(pathOf(url)).toBe(apiPaths.talents.followUps(3));
    return ok({ list: history, total: history.length, page: 1, pageSize: 10 });
  });
  renderPage(<FollowUpDrawer talent={makeTalent(3, { name: 'Lin' })} onClose={() => undefined} />);
  return waitFor(() => {
    const drawer = document.querySelector<HTMLElement>('.arco-drawer');
    if (!drawer) throw new Error('no drawer');
    return drawer;
  });
}

describe('follow-up history: system entries', () => {
  it('tells a system entry in English, its author System, beside a person’s entry', async () => {
    const drawer = await drawerIn('en-US');
    expect(
      await within(drawer).findByText('Accepted the collaboration invitation (shop "Glow US")'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('System')).toBeInTheDocument();
    expect(within(drawer).queryByText('system')).not.toBeInTheDocument();
    expect(within(drawer).queryByText(history[0]!.content)).not.toBeInTheDocument();
    expect(within(drawer).getByText('seller01')).toBeInTheDocument();
    expect(within(drawer).getByText('Called, will think about it')).toBeInTheDocument();
  });

  it('tells it in Chinese, its author 系统', async () => {
    const drawer = await drawerIn('zh-CN');
    expect(
      await within(drawer).findByText('店铺「Glow US」：达人接受了合作邀请'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('系统')).toBeInTheDocument();
    expect(screen.queryByText('System')).not.toBeInTheDocument();
  });
});
