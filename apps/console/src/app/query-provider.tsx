import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from '@/lib/query-client.ts';

/**
 * A page that reads or writes server data through TanStack Query, wrapped in the app's one
 * client. Only such pages load it: /login, everyone's first screen, does without.
 */
export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
