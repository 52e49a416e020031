import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dayEnd, dayOf, dayStart } from '@/lib/day-range.ts';
import { LIST_PAGE_SIZE_DEFAULT, initialPageSize, isPageSize, type ListKey } from './page-size.ts';

/**
 * A list's filters, page and page size live in its URL (`?status=cooperating&page=3`), so
 * a reload, the Back button, a tab of the tab bar and a shared link all show the same rows.
 * Each list says how its filters are written (a codec); what the URL holds is checked as
 * loosely as a hand-typed link deserves: a value that is not valid is left out, never sent.
 */
export type ParamField =
  /** Free text (a name): trimmed, at most `max` characters. */
  | { kind: 'text'; max: number }
  /** One of an enum's values. */
  | { kind: 'enum'; values: readonly string[] }
  /** A whole number from 0 (a count, an amount in fen). */
  | { kind: 'count' }
  /** A row id, from 1. */
  | { kind: 'id' }
  /** A range of local calendar days, "YYYY-MM-DD,YYYY-MM-DD", as the `from` and `to` instants. */
  | { kind: 'days'; from: string; to: string };

/** The URL parameters of a list's filters, by name, in the order they are written. */
export type FilterCodec = Readonly<Record<string, ParamField>>;

export type ParamFilters = Record<string, string | number>;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The filters a URL names, in the list's own names and units; what is not valid is left out. */
export function readFilters(params: URLSearchParams, codec: FilterCodec): ParamFilters {
  const filters: ParamFilters = {};
  for (const [name, field] of Object.entries(codec)) {
    const raw = params.get(name);
    if (raw === null) continue;
    const text = raw.trim();
    switch (field.kind) {
      case 'text':
        if (text && [...text].length <= field.max) filters[name] = text;
        break;
      case 'enum':
        if (field.values.includes(text)) filters[name] = text;
        break;
      case 'count':
        if (/^\d{1,13}$/.test(text)) filters[name] = Number(text);
        break;
      case 'id':
        if (/^[1-9]\d{0,14}$/.test(text)) filters[name] = Number(text);
        break;
      case 'days': {
        const [from, to, ...rest] = text.split(',');
        if (rest.length || !from || !to || !isDay(from) || !isDay(to) || from > to) break;
        filters[field.from] = dayStart(from);
        filters[field.to] = dayEnd(to);
        break;
      }
    }
  }
  return filters;
}

/** The URL parameters of a list's filters (only those set). */
export function writeFilters(filters: object, codec: FilterCodec): Record<string, string> {
  const values = filters as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(codec)) {
    if (field.kind === 'days') {
      const from = values[field.from];
      const to = values[field.to];
      if (typeof from === 'string' && typeof to === 'string')
        params[name] = `${dayOf(from)},${dayOf(to)}`;
      continue;
    }
    const value = values[name];
    if (value !== undefined && value !== null && value !== '') params[name] = String(value);
  }
  return params;
}

function positiveInt(text: string | null): number | undefined {
  return text !== null && /^[1-9]\d{0,8}$/.test(text) ? Number(text) : undefined;
}

export interface ListParamsChange {
  /** New filters: the page starts again at 1. */
  filters?: object;
  page?: number;
  /** A new page size: the page starts again at 1. */
  pageSize?: number;
  /** Other parameters of the page (a sort, a tab): the page starts again at 1. */
  extra?: Record<string, string | undefined>;
}

/**
 * The filters, page and page size of a list as its URL holds them, and the way to change
 * them: a search or a page is a new history entry (Back returns to it); a correction (a
 * page that no longer exists) replaces the entry. Without a page size in the URL the list
 * opens at the size kept for it (page-size.ts).
 */
export function useListParams<Filters extends object>(list: ListKey, codec: FilterCodec = {}) {
  const [params, setParams] = useSearchParams();
  const read = readFilters(params, codec);
  const filtersKey = JSON.stringify(read);
  // One object per distinct set of filters: hooks and effects keyed by them stay still.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => read as Filters, [filtersKey]);
  const page = positiveInt(params.get('page')) ?? 1;
  const sizeInUrl = Number(params.get('pageSize'));
  const pageSize = isPageSize(sizeInUrl) ? sizeInUrl : initialPageSize(list);

  const change = (changes: ListParamsChange, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.filters) {
          for (const name of Object.keys(codec)) next.delete(name);
          for (const [name, value] of Object.entries(writeFilters(changes.filters, codec)))
            next.set(name, value);
        }
        for (const [name, value] of Object.entries(changes.extra ?? {})) {
          if (value === undefined) next.delete(name);
          else next.set(name, value);
        }
        const restart = changes.filters || changes.pageSize || changes.extra;
        const nextPage = changes.page ?? (restart ? 1 : page);
        const nextSize = changes.pageSize ?? pageSize;
        if (nextPage > 1) next.set('page', String(nextPage));
        else next.delete('page');
        // The size goes with any later page (page 3 means these rows), and when not the default.
        if (nextPage > 1 || nextSize !== LIST_PAGE_SIZE_DEFAULT)
          next.set('pageSize', String(nextSize));
        else next.delete('pageSize');
        return next;
      },
      { replace: options.replace ?? false },
    );
  };

  return { params, filters, filtersKey, page, pageSize, change };
}
