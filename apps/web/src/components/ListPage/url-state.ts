import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '@theone/contracts/common/page';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state (filters, page, page size, sort) kept in the URL query string, so that Back from a
 * details page, a reload, a shared link and the tags view all restore the list (screens §0). Only the
 * declared filter names are read; other query keys (`id`, `tab`) are left alone. With a `urlKey` prefix
 * several lists share one URL (`a.pageNum`); `urlKey: false` keeps the state in memory.
 */
export interface ListState {
  filters: Record<string, string>;
  pageNum: number;
  pageSize: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
}

const RESERVED = ['pageNum', 'pageSize', 'orderByColumn', 'isAsc'] as const;

export interface ListStateOptions {
  urlKey: string | false;
  filterNames: readonly string[];
  defaultFilters?: Record<string, string>;
  defaultSort?: { column: string; order: 'asc' | 'desc' };
}

function initialState(o: ListStateOptions): ListState {
  return {
    filters: { ...o.defaultFilters },
    pageNum: 1,
    pageSize: PAGE_SIZE_DEFAULT,
    orderByColumn: o.defaultSort?.column,
    isAsc: o.defaultSort?.order,
  };
}

const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function readListState(search: URLSearchParams, o: ListStateOptions): ListState {
  const prefix = o.urlKey ? `${o.urlKey}.` : '';
  const own = [...RESERVED, ...o.filterNames].some((k) => search.has(prefix + k));
  if (!own) return initialState(o);
  const filters: Record<string, string> = {};
  for (const name of o.filterNames) {
    const value = search.get(prefix + name);
    if (value !== null && value !== '') filters[name] = value;
  }
  const size = positive(search.get(`${prefix}pageSize`), PAGE_SIZE_DEFAULT);
  const isAsc = search.get(`${prefix}isAsc`);
  return {
    filters,
    pageNum: positive(search.get(`${prefix}pageNum`), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE_DEFAULT,
    orderByColumn: search.get(`${prefix}orderByColumn`) || undefined,
    isAsc: isAsc === 'asc' || isAsc === 'desc' ? isAsc : undefined,
  };
}

export function writeListState(search: URLSearchParams, state: ListState, o: ListStateOptions): URLSearchParams {
  const prefix = o.urlKey ? `${o.urlKey}.` : '';
  const next = new URLSearchParams(search);
  for (const k of [...RESERVED, ...o.filterNames]) next.delete(prefix + k);
  for (const [k, v] of Object.entries(state.filters))
    if (v !== '' && o.filterNames.includes(k)) next.set(prefix + k, v);
  next.set(`${prefix}pageNum`, String(state.pageNum));
  if (state.pageSize !== PAGE_SIZE_DEFAULT) next.set(`${prefix}pageSize`, String(state.pageSize));
  if (state.orderByColumn) next.set(`${prefix}orderByColumn`, state.orderByColumn);
  if (state.isAsc) next.set(`${prefix}isAsc`, state.isAsc);
  return next;
}

export function useListState(o: ListStateOptions): [ListState, (patch: Partial<ListState>) => void] {
  const [search, setSearch] = useSearchParams();
  const [memory, setMemory] = useState<ListState>(() => initialState(o));
  const { urlKey } = o;
  const options = useRef(o);
  options.current = o;
  // One stable object per distinct state, so memoised parameters and query keys follow real changes only.
  const serialized = JSON.stringify(urlKey === false ? memory : readListState(search, o));
  const state = useMemo<ListState>(() => JSON.parse(serialized), [serialized]);
  const update = useCallback(
    (patch: Partial<ListState>) => {
      if (urlKey === false) {
        setMemory((s) => ({ ...s, ...patch }));
        return;
      }
      setSearch(
        (prev) => writeListState(prev, { ...readListState(prev, options.current), ...patch }, options.current),
        {
          replace: true,
        },
      );
    },
    [urlKey, setSearch],
  );
  return [state, update];
}

/**
 * A page's tab kept in the URL (`?tab=`), so Back, a reload and a shared link return to it; switching tabs starts
 * the list at its first page. An unknown or missing `tab` reads as `fallback`.
 */
export function useUrlTab<T extends string>(tabs: readonly T[], fallback: T): [T, (next: T) => void] {
  const [query, setQuery] = useSearchParams();
  const tab = tabs.find((x) => x === query.get('tab')) ?? fallback;
  const setTab = useCallback(
    (next: T) =>
      setQuery(
        (prev) => {
          if (prev.get('tab') === next) return prev;
          const q = new URLSearchParams(prev);
          q.set('tab', next);
          q.delete('pageNum');
          return q;
        },
        { replace: true },
      ),
    [setQuery],
  );
  return [tab, setTab];
}
