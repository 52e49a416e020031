import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, resetApp } from '@/test/helpers.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

function Broken(): never {
  throw new Error('chunk lost');
}

describe('route error boundary', () => {
  beforeEach(() => resetApp('en-US'));

  it('shows the failure of a page, and the next page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the throw
    const { router } = renderRoutes(
      [
        {
          element: <RouteErrorBoundary />,
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <div>fine page</div> },
          ],
        },
      ],
      '/broken',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('chunk lost');
    expect(screen.getByRole('button', { name: /reload/i })).toBeInTheDocument();
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('fine page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
