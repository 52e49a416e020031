import { apiPaths } from '@inviteflow/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ok, renderPage, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { pathOf } from '@/test/talent-fixtures.ts';
import { CreateTaskDrawer } from './create-task-drawer.tsx';

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('a task asked for from Find creators opens with its shop and talents, named at once', async () => {
  stubFetch((url) => {
    const path = pathOf(url);
    if (path === apiPaths.shops.list)
      return ok({
        list: [
          {
            id: 7,
            shopName: 'Sunny Home Goods',
            platform: 'tiktok',
            source: 'authorization',
            bindStatus: 'BOUND',
          },
        ],
        total: 1,
        pageSize: 100,
      });
    if (path === apiPaths.talents.list) return ok({ list: [], pageSize: 20, nextCursor: null });
    // The preview is not what this test looks at: it never answers.
    if (path === apiPaths.sendRecords.preview) return new Promise<Response>(() => undefined);
    return ok({ list: [], total: 0 });
  });
  renderPage(
    <CreateTaskDrawer
      visible
      onClose={() => undefined}
      preset={{
        shopId: 7,
        talents: [
          { id: 41, name: 'Pure Cook 556', platformTalentId: 'pure.cook_us556' },
          { id: 42, name: 'Sunny Home 557', platformTalentId: 'sunny_home_us557' },
        ],
      }}
    />,
  );
  await waitFor(() => expect(screen.getByText('Pure Cook 556')).toBeInTheDocument());
  expect(screen.getByText('Sunny Home 557')).toBeInTheDocument();
});
