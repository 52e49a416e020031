import { apiPaths, type ProfileData, type UpdateProfileBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { loadMe } from '@/lib/session.ts';
import { profileQueryKey } from './get-profile.ts';

export function updateProfile(body: UpdateProfileBody): Promise<ProfileData> {
  return request<ProfileData>(apiPaths.user.profile, { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      // The phone may have changed: the navbar's profile comes from `me`.
      await loadMe();
    },
  });
}
