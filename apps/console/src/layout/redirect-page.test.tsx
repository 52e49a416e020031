import { menuTree } from '@inviteflow/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router.tsx';
import { ok, renderRoutes, resetApp, signIn, stubFetch } from '@/test/helpers.tsx';
import { redirectTarget } from './redirect-page.tsx';

function api(url: string) {
  if (url.endsWith('/auth/me')) return ok({ id: 7, username: 'seller01' });
  if (url.endsWith('/api/v1/menu')) return ok(menuTree);
  return ok({ list: [], total: 0, page: 1, pageSize: 10 });
}

beforeEach(async () => {
  await resetApp('en-US');
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const notFound = 'Sorry, the page you visited does not exist or you have no permission to see it.';

// Lazy pages load first in a test: under a busy machine that takes seconds.
describe('the /redirect helper', { timeout: 20_000 }, () => {
  it('goes on to a console page with its query', async () => {
    stubFetch(api);
    const { router } = renderRoutes(appRoutes(), '/redirect/template/script?keyword=box');
    await waitFor(() => expect(router.state.location.pathname).toBe('/template/script'));
    expect(router.state.location.search).toBe('?keyword=box');
  });

  // A backslash is a slash to a browser: `/\evil.example` is another origin, which the
  // router refuses by throwing; the console showed its error page ("failed to load").
  it.each([
    ['a backslash (another origin)', '/redirect/%5Cevil.example/x'],
    ['two backslashes', '/redirect/%5C%5Cevil.example'],
    ['a protocol-relative target', '/redirect//evil.example'],
    ['a full URL', '/redirect/https:%2F%2Fevil.example'],
    ['malformed percent-encoding', '/redirect/%E0%A4%A'],
    ['an unknown page', '/redirect/no/such/page'],
    ['the helper itself', '/redirect/redirect/template/script'],
  ])('shows the not-found page for %s', async (_, path) => {
    stubFetch(api);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes(appRoutes(), path);
    expect(await screen.findByText(notFound)).toBeInTheDocument();
    expect(screen.queryByText(/failed to load/)).not.toBeInTheDocument();
    expect(router.state.location.pathname.startsWith('/redirect/')).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  it('follows only console pages', () => {
    expect(redirectTarget('user/info', '?a=1')).toBe('/user/info?a=1');
    expect(redirectTarget('user/info/', '')).toBe('/user/info/');
    expect(redirectTarget('\\evil.example', '')).toBeNull();
    expect(redirectTarget(undefined, '')).toBeNull();
  });
});
