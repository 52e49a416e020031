import { apiPaths, type ScriptTemplate, type ScriptTemplateBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { scriptsQueryKey } from './get-scripts.ts';

export function createScript(body: ScriptTemplateBody): Promise<ScriptTemplate> {
  return request<ScriptTemplate>(apiPaths.templates.scripts, { method: 'POST', body });
}

export function useCreateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
