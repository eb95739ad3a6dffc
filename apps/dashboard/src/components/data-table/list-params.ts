import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  search: string;
  sort: string;
  dir: 'asc' | 'desc';
  cursor: string | null;
  /** Filter values by name (only the table's own filters). */
  filters: Record<string, string>;
}

/**
 * A list's search, filters, sort and page live in the URL (what a person would bookmark or send
 * to a colleague). Changing anything but the page goes back to the first page.
 */
export function useListParams(defaults: {
  sort: string;
  dir: 'asc' | 'desc';
  filters: Record<string, string>;
}) {
  const [params, setParams] = useSearchParams();
  const filterNames = Object.keys(defaults.filters).join(',');
  const value = useMemo<ListParams>(() => {
    const filters: Record<string, string> = {};
    for (const name of filterNames ? filterNames.split(',') : [])
      filters[name] = params.get(name) ?? defaults.filters[name] ?? '';
    const dir = params.get('dir');
    return {
      search: params.get('search') ?? '',
      sort: params.get('sort') ?? defaults.sort,
      dir: dir === 'asc' || dir === 'desc' ? dir : defaults.dir,
      cursor: params.get('cursor'),
      filters,
    };
  }, [params, filterNames, defaults.sort, defaults.dir, defaults.filters]);

  const update = useCallback(
    (change: Partial<Omit<ListParams, 'filters'>> & { filters?: Record<string, string> }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, v: string | null | undefined, fallback?: string) => {
            if (v === undefined) return;
            if (v === null || v === '' || v === fallback) next.delete(key);
            else next.set(key, v);
          };
          set('search', change.search);
          set('sort', change.sort, defaults.sort);
          set('dir', change.dir, defaults.dir);
          for (const [k, v] of Object.entries(change.filters ?? {})) set(k, v, defaults.filters[k]);
          // Any change but the page itself starts again from the first page.
          if (change.cursor === undefined) next.delete('cursor');
          else set('cursor', change.cursor);
          return next;
        },
        { replace: change.cursor === undefined },
      );
    },
    [setParams, defaults.sort, defaults.dir, defaults.filters],
  );
  return [value, update] as const;
}

/** The API query string for a list page (limit and the table's own parameters). */
export function listQuery(
  p: ListParams,
  limit: number,
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams({ limit: String(limit), sort: p.sort, dir: p.dir, ...extra });
  if (p.search) q.set('search', p.search);
  if (p.cursor) q.set('cursor', p.cursor);
  for (const [k, v] of Object.entries(p.filters)) if (v) q.set(k, v);
  return q.toString();
}
