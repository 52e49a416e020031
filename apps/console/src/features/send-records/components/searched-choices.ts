import { KEYWORD_MAX } from '@inviteflow/contract';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the server is searched. */
export const SEARCH_DELAY_MS = 300;

/**
 * What a picker that searches the server needs: the typed text, asked once typing pauses
 * (cut to what a search may hold), and every item any search has shown, so that a picked
 * item keeps its label while later searches show others (the server answers one page,
 * never the whole library).
 */
export function useSearchedChoices<
  TPage extends { list: readonly { id: number }[] },
  TKey extends QueryKey,
  TSeed extends { id: number } = never,
>(
  query: (search: string) => UseQueryOptions<TPage, Error, TPage, TKey>,
  /** Items known before any search (picked elsewhere and handed over), shown by their label. */
  seed: readonly TSeed[] = [],
) {
  type T = TPage['list'][number] | TSeed;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const known = useRef(new Map<number, T>());
  for (const item of seed) if (!known.current.has(item.id)) known.current.set(item.id, item);
  const found = useQuery({ ...query(search), placeholderData: keepPreviousData }).data?.list ?? [];
  for (const item of found) known.current.set(item.id, item);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setSearch(typed.trim().slice(0, KEYWORD_MAX)),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed]);

  return {
    known: known.current,
    onSearch: setTyped,
    /** The items found, then the picked ones the current search does not show. */
    shown(picked: readonly number[]): T[] {
      const extra = picked
        .filter((id) => !found.some((item) => item.id === id))
        .flatMap((id) => known.current.get(id) ?? []);
      return [...found, ...extra];
    },
  };
}
