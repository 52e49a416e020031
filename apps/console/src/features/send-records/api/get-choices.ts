import {
  apiPaths,
  type Page,
  type ProductTemplate,
  type ScriptTemplate,
  type ShopPage,
  type TalentPage,
} from '@inviteflow/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';
import { sendRecordsQueryKey } from './get-send-records.ts';

/**
 * What the forms of this feature choose from: the seller's shops, talents and templates,
 * read from their own endpoints. Talents and templates are searched on the server as the
 * seller types (one page each time: a library may hold thousands); shops, which a plan
 * limits to a few, come in one page. Read again each time a form opens: a shop bound or a
 * template written a moment ago is offered.
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

/** Talents whose name holds `search`, newest added first, for the picker. */
export function talentChoices(search: string) {
  return queryOptions({
    queryKey: [...choices, 'talents', search],
    staleTime: 0,
    queryFn: ({ signal }) =>
      request<TalentPage>(apiPaths.talents.list, {
        query: { name: search || undefined, pageSize: 20 },
        signal,
      }),
  });
}

/** Script templates whose remark or content holds `search`. */
export function scriptChoices(search: string) {
  return queryOptions({
    staleTime: 0,
    queryKey: [...choices, 'scripts', search],
    queryFn: ({ signal }) =>
      request<Page<ScriptTemplate>>(apiPaths.templates.scripts, {
        query: { keyword: search || undefined, pageSize: 50 },
        signal,
      }),
  });
}

/** Product templates whose name or product ID holds `search` (asked while `enabled`). */
export function productChoices(enabled: boolean) {
  return (search: string) =>
    queryOptions({
      enabled,
      staleTime: 0,
      queryKey: [...choices, 'products', search],
      queryFn: ({ signal }) =>
        request<Page<ProductTemplate>>(apiPaths.templates.products, {
          query: { keyword: search || undefined, pageSize: 50 },
          signal,
        }),
    });
}
