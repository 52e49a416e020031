import { apiPaths } from '@inviteflow/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { InviteRewardPage } from './invite-reward-page.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info = {
  inviteCode: 'K7PQ2MXA',
  inviteLink: 'http://127.0.0.1:3000/register?inviteCode=K7PQ2MXA',
  rewardDays: 30,
  invitedCount: 2,
  paidCount: 1,
  rewardDaysTotal: 30,
};

describe('invite reward', () => {
  it('shows the code and link with copy buttons, the rule, the invitees and the rewards', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubFetch((url) => {
      if (url.startsWith(apiPaths.invite.invitees))
        return ok({
          list: [
            {
              phoneNumber: '139****0001',
              registeredAt: '2025-03-02T02:00:00.000Z',
              hasPaid: true,
              rewardGranted: true,
            },
            {
              phoneNumber: '139****0002',
              registeredAt: '2025-03-03T02:00:00.000Z',
              hasPaid: false,
              rewardGranted: false,
            },
          ],
          total: 2,
          page: 1,
          pageSize: 10,
        });
      if (url.startsWith(apiPaths.invite.rewards))
        return ok({
          list: [
            {
              id: 1,
              invitee: '139****0001',
              days: 30,
              grantedAt: '2025-03-04T02:00:00.000Z',
              startsAt: '2025-03-04T02:00:00.000Z',
              endsAt: '2025-04-03T02:00:00.000Z',
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        });
      return ok(info);
    });
    renderPage(<InviteRewardPage />, '/invite/reward');
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('K7PQ2MXA');
    expect(screen.getByLabelText('Invitation link')).toHaveValue(info.inviteLink);
    expect(
      screen.getByText(/you get 30 days of membership at once; each invitee is rewarded once/),
    ).toBeInTheDocument();
    expect(screen.getByText(/without one, you get 30 days of the Basic plan/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(info.inviteLink));
    expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('K7PQ2MXA'));

    expect(await screen.findByText('139****0002')).toBeInTheDocument();
    expect(screen.getAllByText('139****0001')).toHaveLength(2);
    expect(screen.getByText('Not yet')).toBeInTheDocument();
    expect(screen.getByText('30 days of membership')).toBeInTheDocument();
  });

  it('says when the invitation fails to load, and Retry loads it', async () => {
    let down = true;
    stubFetch((url) =>
      url.startsWith(apiPaths.invite.invitees) || url.startsWith(apiPaths.invite.rewards)
        ? ok({ list: [], total: 0, page: 1, pageSize: 10 })
        : down
          ? fail(500, 'down')
          : ok(info),
    );
    renderPage(<InviteRewardPage />, '/invite/reward');
    expect(await screen.findByText('Your invitation could not be loaded')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('K7PQ2MXA');
    expect(screen.queryByText('Your invitation could not be loaded')).not.toBeInTheDocument();
  });
});
