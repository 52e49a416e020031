import { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/stores/auth-store.ts';

/**
 * One client for the app. Failures were already shown by the request layer, so queries do
 * not retry behind the user's back (a retried 400 or 404 would only repeat the toast).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// The next account must never see this one's cached lists.
useAuthStore.subscribe((state, previous) => {
  if (previous.token && !state.token) queryClient.clear();
});
