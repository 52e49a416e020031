import { apiPaths } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { scriptsQueryKey } from './get-scripts.ts';

export function deleteScript(id: number): Promise<null> {
  return request<null>(apiPaths.templates.script(id), { method: 'DELETE' });
}

export function useDeleteScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
