import { apiPaths, type ProfileData, type UpdateProfileBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { loadMe } from '@/lib/session.ts';
import { useAuthStore } from '@/stores/auth-store.ts';
import { profileQueryKey } from './get-profile.ts';

export function updateProfile(body: UpdateProfileBody): Promise<ProfileData> {
  return request<ProfileData>(apiPaths.user.profile, { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      const zoneBefore = useAuthStore.getState().timeZone;
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      // The phone or the zone may have changed: the navbar's profile and the zone come from `me`.
      await loadMe();
      // Another zone: every time on screen and every count of days (the workplace's, the
      // daily allowance's) is read again in it; the pages are drawn afresh (page-content.tsx).
      if (zoneBefore !== profile.timeZone) await queryClient.invalidateQueries();
    },
  });
}
