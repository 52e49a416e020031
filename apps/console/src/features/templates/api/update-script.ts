import { apiPaths, type ScriptTemplate, type ScriptTemplateBody } from '@inviteflow/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { scriptsQueryKey } from './get-scripts.ts';

export function updateScript(input: {
  id: number;
  body: ScriptTemplateBody;
}): Promise<ScriptTemplate> {
  return request<ScriptTemplate>(apiPaths.templates.script(input.id), {
    method: 'PUT',
    body: input.body,
  });
}

export function useUpdateScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateScript,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptsQueryKey }),
  });
}
