import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One page of a server list. */
export interface ServerPage<T> {
  list: T[];
  count: number;
}

/** Paging and sorting every server list takes. */
export interface ServerTableParams {
  pageNo: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

/** Options of {@link useServerTable}. */
export interface ServerTableOptions<T, P extends ServerTableParams, V> {
  /** The query key's head (e.g. `['role', 'list']`); the params follow it. */
  queryKey: readonly unknown[];
  /** Loads one page. */
  fetch(params: P, signal: AbortSignal): Promise<ServerPage<T>>;
  /** Columns (table column keys) the server sorts by; others are not sortable. */
  sortable?: readonly NonNullable<P['sortField']>[];
  /** The filters a search sets, from the search form's values (default: strings trimmed, empty dropped). */
  toFilters?(values: V): Partial<P>;
  /** Rows a page (default 10). */
  pageSize?: number;
}

/** Search-form values as filters: strings trimmed, empty strings and nulls dropped. */
export function trimmedFilters<V extends object>(values: V): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v !== '' && v !== null && v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * State of an admin list paged, sorted and searched on the server: the search form, the params
 * (search filters, filters set elsewhere through `setFilter`, page and sort), the TanStack query
 * (previous page kept while the next loads) and the Table props that drive them.
 */
export function useServerTable<T, P extends ServerTableParams, V extends object = Partial<P>>(
  options: ServerTableOptions<T, P, V>,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const [paging, setPaging] = useState<ServerTableParams>({ pageNo: 1, pageSize: options.pageSize ?? 10 });
  const [filters, setFilters] = useState<Partial<P>>({});
  const [outside, setOutside] = useState<Partial<P>>({});
  const params = { ...outside, ...filters, ...paging } as P;

  const query = useQuery({
    queryKey: [...options.queryKey, params],
    queryFn: ({ signal }) => options.fetch(params, signal),
    placeholderData: keepPreviousData,
  });

  /** Applies the search form's values (replacing the previous search) from the first page. */
  const search = (values: V) => {
    const next = options.toFilters ? options.toFilters(values) : (trimmedFilters(values) as Partial<P>);
    // The same search again asks the server again: the user wants what is there now.
    if (JSON.stringify(next) === JSON.stringify(filters) && paging.pageNo === 1) void refresh();
    setFilters(next);
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  /** Clears the search form and its filters. */
  const reset = () => {
    form.resetFields();
    search({} as V);
  };
  /** Sets a filter chosen outside the search form (a type list, a tab), from the first page. */
  const setFilter = (patch: Partial<P>) => {
    setOutside((o) => ({ ...o, ...patch }));
    setPaging((p) => ({ ...p, pageNo: 1 }));
  };
  /** Reloads the list (every page and search of it) after a change. */
  const refresh = () => queryClient.invalidateQueries({ queryKey: options.queryKey });
  /** The Table column's sort order for a field. */
  const sortOrderOf = (field: NonNullable<P['sortField']>) =>
    paging.sortField === field ? (paging.sortOrder === 'asc' ? 'ascend' : 'descend') : null;

  const tableProps: TableProps<T> = {
    loading: query.isFetching,
    dataSource: query.data?.list ?? [],
    locale: { emptyText: t('common.emptyList') },
    pagination: {
      current: paging.pageNo,
      pageSize: paging.pageSize,
      total: query.data?.count ?? 0,
      showSizeChanger: true,
      showTotal: (total) => t('common.total', { total }),
    },
    onChange: (pagination, _filters, sorter) => {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const field = options.sortable?.find((f) => f === s?.columnKey);
      setPaging({
        pageNo: pagination.current ?? 1,
        pageSize: pagination.pageSize ?? paging.pageSize,
        sortField: s?.order && field ? field : undefined,
        sortOrder: s?.order && field ? (s.order === 'ascend' ? 'asc' : 'desc') : undefined,
      });
    },
  };

  return { form, params, query, search, reset, setFilter, refresh, sortOrderOf, tableProps };
}
