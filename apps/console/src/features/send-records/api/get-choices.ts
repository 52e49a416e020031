import {
  apiPaths,
  type Page,
  type ProductTemplate,
  type ScriptTemplate,
  type ShopPage,
  type TalentPage,
} from '@inviteflow/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/**
 * What the forms of this feature choose from: the seller's shops, talents and templates,
 * read from their own endpoints (one request each, the largest page). Read again each time
 * a form opens (`enabled`): a shop bound or a template written a moment ago is offered.
 */
const choices = [...sendRecordsQueryKey, 'choices'] as const;

export function useShopChoices(tab: 'all' | 'BOUND', enabled = true) {
  return useQuery(
    queryOptions({
      enabled,
      staleTime: 0,
      queryKey: [...choices, 'shops', tab],
      queryFn: ({ signal }) =>
        request<ShopPage>(apiPaths.shops.list, { query: { tab, pageSize: 100 }, signal }),
    }),
  );
}

/** Talents whose name holds `name`, newest added first, for the picker. */
export function useTalentChoices(name: string) {
  return useQuery(
    queryOptions({
      queryKey: [...choices, 'talents', name],
      staleTime: 0,
      queryFn: ({ signal }) =>
        request<TalentPage>(apiPaths.talents.list, {
          query: { name: name || undefined, pageSize: 20 },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useScriptChoices() {
  return useQuery(
    queryOptions({
      staleTime: 0,
      queryKey: [...choices, 'scripts'],
      queryFn: ({ signal }) =>
        request<Page<ScriptTemplate>>(apiPaths.templates.scripts, {
          query: { pageSize: 100 },
          signal,
        }),
    }),
  );
}

export function useProductChoices(enabled = true) {
  return useQuery(
    queryOptions({
      enabled,
      staleTime: 0,
      queryKey: [...choices, 'products'],
      queryFn: ({ signal }) =>
        request<Page<ProductTemplate>>(apiPaths.templates.products, {
          query: { pageSize: 100 },
          signal,
        }),
    }),
  );
}
