import {
  apiPaths,
  type Page,
  type ScriptTemplate,
  type ScriptTemplateListQuery,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

export function getScripts(query: ScriptTemplateListQuery): Promise<Page<ScriptTemplate>> {
  return request<Page<ScriptTemplate>>(apiPaths.templates.scripts, { query });
}

/** The key every script mutation invalidates; each page and search lives below it. */
export const scriptsQueryKey = ['templates', 'scripts'] as const;

export function scriptsQueryOptions(query: ScriptTemplateListQuery) {
  return queryOptions({
    queryKey: [...scriptsQueryKey, query],
    queryFn: () => getScripts(query),
    // Keep the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useScripts(query: ScriptTemplateListQuery) {
  return useQuery(scriptsQueryOptions(query));
}
