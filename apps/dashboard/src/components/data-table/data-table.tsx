import type { TPage } from '@lantern/contracts';
import { Alert, Button, Select, Skeleton, TextField } from '@lantern/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ListParams, listQuery, useListParams } from './list-params.ts';
import './data-table.css';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server's sort name for this column; columns without one are not sortable. */
  sort?: string;
  /** Right-aligned tabular figures. */
  numeric?: boolean;
  /** The order of the first click on this column's header (dates: newest first). */
  firstDir?: 'asc' | 'desc';
}

export interface DataFilter {
  name: string;
  label: string;
  /** A choice of `options` (the default), a word typed in, or a day. */
  input?: 'select' | 'text' | 'date';
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** The value meaning "no filter" and the starting one. */
  default: string;
  hint?: string;
}

export interface DataTableProps<T extends RowData> {
  /** Names the table for screen readers, e.g. "People". */
  caption: string;
  /** Query key prefix: the list's own, so mutations can invalidate it. */
  queryKey: readonly unknown[];
  /** Loads one page for the query string built from the URL (`limit`, `cursor`, …). */
  fetchPage: (query: string, signal: AbortSignal) => Promise<TPage<T>>;
  columns: ReadonlyArray<DataColumn<T>>;
  rowKey: (row: T) => string;
  filters?: ReadonlyArray<DataFilter>;
  defaultSort?: { sort: string; dir: 'asc' | 'desc' };
  searchLabel?: string;
  searchHint?: string;
  /** Buttons or links for one row; each gets the row's name in its accessible name. */
  rowActions?: (row: T) => ReactNode;
  /** The CSV download of the current search and filters (omit when not allowed). */
  exportHref?: (query: string) => string;
  /** What an empty list says; `filtered` is true when a search or filter is on. */
  empty: (filtered: boolean) => ReactNode;
  pageSize?: number;
}

const features = tableFeatures({ rowSortingFeature });

/**
 * The one list component of the staff and vendor areas (issue 15), on TanStack Table: the server
 * pages (keyset cursors), sorts, filters and searches; the table renders what it answered. The
 * URL holds the state, so Back and bookmarks work. Row actions are plain buttons and links in
 * the last column: reachable with Tab, named after their row.
 */
export function DataTable<T extends RowData>({
  caption,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  filters = [],
  defaultSort = { sort: 'created', dir: 'desc' },
  searchLabel = 'Search',
  searchHint,
  rowActions,
  exportHref,
  empty,
  pageSize = 25,
}: DataTableProps<T>) {
  const filterDefaults = useMemo(
    () => Object.fromEntries(filters.map((f) => [f.name, f.default])),
    [filters],
  );
  const defaults = useMemo(
    () => ({ ...defaultSort, filters: filterDefaults }),
    [defaultSort, filterDefaults],
  );
  const [params, update] = useListParams(defaults);
  const [previous, setPrevious] = usePreviousCursors(params);
  const query = listQuery(params, pageSize);
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });

  const table = useServerTable(columns, result.data?.rows, rowKey, params, update);

  const filtered = !!params.search || filters.some((f) => params.filters[f.name] !== f.default);
  const loading = result.isPending || (result.isFetching && result.isPlaceholderData);
  const rows = table.getRowModel().rows;
  const statusId = useId();

  return (
    <div className="dt">
      <Toolbar
        params={params}
        update={update}
        filters={filters}
        searchLabel={searchLabel}
        searchHint={searchHint}
        exportHref={
          exportHref ? exportHref(listQuery({ ...params, cursor: null }, pageSize)) : undefined
        }
      />
      <p id={statusId} className="dt-status" role="status">
        {loading
          ? 'Loading…'
          : result.isError
            ? ''
            : rows.length
              ? `Showing ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}${previous.length ? `, page ${previous.length + 1}` : ''}.`
              : ''}
      </p>
      {result.isError ? <Alert tone="danger">{result.error.message}</Alert> : null}
      {/* The rows' shape while they load; the status line above says it. */}
      {result.isPending ? <Skeleton label={null} heading={false} lines={6} /> : null}
      {!result.isPending && !result.isError && rows.length === 0 ? (
        <div className="dt-empty">{empty(filtered)}</div>
      ) : null}
      {rows.length ? (
        <Grid
          table={table}
          columns={columns}
          caption={caption}
          loading={loading}
          statusId={statusId}
          rowActions={rowActions}
        />
      ) : null}
      {previous.length || result.data?.nextCursor ? (
        <Pager
          caption={caption}
          loading={loading}
          previous={previous}
          next={result.data?.nextCursor ?? null}
          onPrevious={() => {
            const before = previous.at(-1) ?? null;
            setPrevious((p) => p.slice(0, -1));
            update({ cursor: before });
          }}
          onNext={() => {
            setPrevious((p) => [...p, params.cursor]);
            update({ cursor: result.data?.nextCursor ?? null });
          }}
        />
      ) : null}
    </div>
  );
}

/** Cursors of the pages before this one, for "Previous page" (keyset pages only go forward). */
function usePreviousCursors(params: ListParams) {
  const state = useState<Array<string | null>>([]);
  const setPrevious = state[1];
  const resetKey = `${params.search}|${params.sort}|${params.dir}|${JSON.stringify(params.filters)}`;
  const lastReset = useRef(resetKey);
  useEffect(() => {
    if (lastReset.current !== resetKey) {
      lastReset.current = resetKey;
      setPrevious([]);
    }
  }, [resetKey, setPrevious]);
  return state;
}

/** TanStack Table over the rows the server sorted: a header click asks the server again. */
function useServerTable<T extends RowData>(
  columns: ReadonlyArray<DataColumn<T>>,
  rows: T[] | undefined,
  rowKey: (row: T) => string,
  params: ListParams,
  update: ReturnType<typeof useListParams>[1],
) {
  const sorting = useMemo<SortingState>(() => {
    const column = columns.find((c) => c.sort === params.sort);
    return column ? [{ id: column.id, desc: params.dir === 'desc' }] : [];
  }, [columns, params.sort, params.dir]);

  const columnDefs = useMemo<Array<ColumnDef<typeof features, T>>>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (row: T) => row,
        cell: (ctx) => c.cell(ctx.row.original),
        enableSorting: !!c.sort,
        sortDescFirst: c.firstDir === 'desc',
      })),
    [columns],
  );
  const emptyRows = useRef<T[]>([]).current;
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows ?? emptyRows,
    getRowId: rowKey,
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const column = columns.find((c) => c.id === first?.id);
      if (column?.sort) update({ sort: column.sort, dir: first?.desc ? 'desc' : 'asc' });
    },
  });

  return table;
}

type ServerTable<T extends RowData> = ReturnType<typeof useServerTable<T>>;

function Grid<T extends RowData>({
  table,
  columns,
  caption,
  loading,
  statusId,
  rowActions,
}: {
  table: ServerTable<T>;
  columns: ReadonlyArray<DataColumn<T>>;
  caption: string;
  loading: boolean;
  statusId: string;
  rowActions: ((row: T) => ReactNode) | undefined;
}) {
  const rows = table.getRowModel().rows;
  return (
    <div className="dt-wrap">
      <table className="dt-table" aria-busy={loading} aria-describedby={statusId}>
        <caption className="ln-visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = columns.find((c) => c.id === header.column.id);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={column?.numeric ? 'dt-num' : undefined}
                    data-sortable={header.column.getCanSort() || undefined}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="dt-sort"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {column?.header}
                        <span aria-hidden="true" className="dt-sort__arrow">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column?.header
                    )}
                  </th>
                );
              })}
              {rowActions ? (
                <th scope="col">
                  <span className="ln-visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => {
                const column = columns.find((c) => c.id === cell.column.id);
                return (
                  <td
                    key={cell.id}
                    data-label={column?.header}
                    className={column?.numeric ? 'dt-num' : undefined}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                );
              })}
              {rowActions ? <td className="dt-actions">{rowActions(row.original)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager(props: {
  caption: string;
  loading: boolean;
  previous: ReadonlyArray<string | null>;
  next: string | null;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="dt-pager" aria-label={`${props.caption} pages`}>
      <Button
        variant="secondary"
        size="sm"
        disabled={!props.previous.length || props.loading}
        onClick={props.onPrevious}
      >
        Previous page
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={!props.next || props.loading}
        onClick={props.onNext}
      >
        Next page
      </Button>
    </nav>
  );
}

function Toolbar({
  params,
  update,
  filters,
  searchLabel,
  searchHint,
  exportHref,
}: {
  params: ListParams;
  update: ReturnType<typeof useListParams>[1];
  filters: ReadonlyArray<DataFilter>;
  searchLabel: string;
  searchHint: string | undefined;
  exportHref: string | undefined;
}) {
  // The search box writes to the address, not to the API: a plain field, as the filters are, so
  // a table's first load carries no form library (decision 083). It follows the address (Back, a
  // bookmark), not only what was typed.
  const [search, setSearch] = useState(params.search);
  useEffect(() => setSearch(params.search), [params.search]);
  return (
    <div className="dt-toolbar">
      <search className="dt-search-landmark">
        <form
          className="dt-search"
          onSubmit={(e) => {
            e.preventDefault();
            update({ search: search.trim() });
          }}
        >
          <TextField
            label={searchLabel}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={200}
            {...(searchHint ? { hint: searchHint } : {})}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      {filters.map((filter) =>
        filter.input === 'text' || filter.input === 'date' ? (
          <TypedFilter
            key={filter.name}
            filter={filter}
            value={params.filters[filter.name] ?? filter.default}
            onCommit={(value) => update({ filters: { [filter.name]: value } })}
          />
        ) : (
          <Select
            key={filter.name}
            label={filter.label}
            className="dt-filter"
            value={params.filters[filter.name] ?? filter.default}
            options={filter.options ?? []}
            onChange={(e) => update({ filters: { [filter.name]: e.target.value } })}
          />
        ),
      )}
      {exportHref ? (
        <a className="ln-btn ln-btn--secondary dt-export" href={exportHref} download>
          Export CSV
        </a>
      ) : null}
    </div>
  );
}

/**
 * A filter typed in: a word is applied when the person leaves the box or presses Enter (not on
 * every key, which would load a page per letter); a day as soon as the picker gives a whole one.
 */
function TypedFilter({
  filter,
  value,
  onCommit,
}: {
  filter: DataFilter;
  value: string;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = (next: string) => {
    if (next.trim() !== value) onCommit(next.trim());
  };
  return (
    <TextField
      label={filter.label}
      className="dt-filter"
      type={filter.input === 'date' ? 'date' : 'text'}
      value={text}
      maxLength={80}
      {...(filter.hint ? { hint: filter.hint } : {})}
      onChange={(e) => {
        setText(e.target.value);
        if (filter.input === 'date' && (e.target.value === '' || e.target.validity.valid))
          commit(e.target.value);
      }}
      onBlur={(e) => commit(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(e.currentTarget.value);
        }
      }}
    />
  );
}
