import {
  apiPaths,
  type Page,
  type ScriptTemplate,
  type scriptTemplateQuery,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '@/lib/request.ts';

/** The list query after the contract's defaults: page, pageSize and an optional keyword. */
export type ScriptListQuery = z.output<typeof scriptTemplateQuery>;

export function getScripts(query: ScriptListQuery): Promise<Page<ScriptTemplate>> {
  return request<Page<ScriptTemplate>>(apiPaths.templates.scripts, { query });
}

/** The key every script mutation invalidates; each page and search lives below it. */
export const scriptsQueryKey = ['templates', 'scripts'] as const;

export function scriptsQueryOptions(query: ScriptListQuery) {
  return queryOptions({
    queryKey: [...scriptsQueryKey, query],
    queryFn: () => getScripts(query),
    // Keep the rows on screen while the next page loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useScripts(query: ScriptListQuery) {
  return useQuery(scriptsQueryOptions(query));
}
