import { useEffect, useRef, useState } from 'react';

/**
 * Rows found by a typed keyword (remote-search selects): `search(keyword)` calls `find` 300 ms after the last
 * keystroke, `loading` while it runs. The first page (no keyword) loads on mount and again when `reloadKey` (the
 * filters `find` applies, as text) changes.
 */
export function useRemoteSearch<T>(find: (keyword: string) => Promise<T[]>, reloadKey = '') {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setLoading(true);
      try {
        setRows(await find(keyword));
      } finally {
        setLoading(false);
      }
    }, 300);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page once per `reloadKey`
  useEffect(() => {
    search('');
    return () => clearTimeout(timer.current);
  }, [reloadKey]);
  return { rows, loading, search };
}
