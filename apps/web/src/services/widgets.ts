/**
 * Widget management calls (`/a/api/widget/*`, `/a/api/common/apiStore`): the tenant's catalogue
 * (built-in types switched on or off, custom HTML packages), the palette the program editor offers,
 * data sources and the platform's store.
 */
import type {
  ApiStoreItem,
  DataFeed,
  DataSource,
  DataSourceSaveBody,
  StoreKind,
  StorePublishBody,
  WidgetEntry,
  WidgetKind,
  WidgetPalette,
  WidgetSortField,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/widget';

/** Query keys of widget data (prefix `['widget']`), so a change can refresh them all. */
export const widgetKeys = {
  all: ['widget'] as const,
  list: ['widget', 'list'] as const,
  palette: ['widget', 'palette'] as const,
  dataSources: ['widget', 'dataSources'] as const,
  feed: (id: number) => ['widget', 'feed', id] as const,
  store: ['widget', 'store'] as const,
};

/** Search, filters, sort and page of the catalogue (the table's names; sent as `sort`/`order`). */
export interface WidgetListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  kind?: WidgetKind;
  enabled?: boolean;
  sortField?: WidgetSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/widget/list — the tenant's catalogue, searched, filtered, sorted and paged. */
export async function listWidgets(
  { sortField, sortOrder, ...params }: WidgetListParams,
  signal?: AbortSignal,
): Promise<Page<WidgetEntry>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}) };
  return (await request<Page<WidgetEntry>>(`${BASE}/list`, { params: query, signal })).data;
}

/** GET /apm-web/a/api/widget/palette — what the program editor offers (enabled types, packages, data sources). */
export async function getWidgetPalette(signal?: AbortSignal): Promise<WidgetPalette> {
  return (await request<WidgetPalette>(`${BASE}/palette`, { signal })).data;
}

const post = async <T>(path: string, data: object): Promise<T> =>
  (await request<T>(path, { method: 'POST', data, requestType: 'json', skipErrorHandler: true })).data;

/** POST /apm-web/a/api/widget/toggle — switches entries (type names or `pkg-<id>`) on or off. */
export function toggleWidgets(keys: string[], enabled: boolean): Promise<null> {
  return post(`${BASE}/toggle`, { keys, enabled });
}

/** POST /apm-web/a/api/widget/savePackage — registers a library zip as a custom widget (or replaces a package's zip). */
export function saveWidgetPackage(body: { id?: number; materialId: number }): Promise<WidgetEntry> {
  return post(`${BASE}/savePackage`, body);
}

/** POST /apm-web/a/api/widget/deletePackage — removes custom widgets (refused while programs use them). */
export function deleteWidgetPackages(ids: number[]): Promise<null> {
  return post(`${BASE}/deletePackage`, { ids });
}

/** Search, sort and page of the data sources. */
export interface DataSourceListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  sortField?: 'name' | 'lastFetchedAt' | 'updatedAt';
  sortOrder?: 'asc' | 'desc';
}

/** GET /apm-web/a/api/widget/dataSources — the tenant's data sources with their last fetch. */
export async function listDataSources(
  { sortField, sortOrder, ...params }: DataSourceListParams,
  signal?: AbortSignal,
): Promise<Page<DataSource>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}) };
  return (await request<Page<DataSource>>(`${BASE}/dataSources`, { params: query, signal })).data;
}

/** POST /apm-web/a/api/widget/saveDataSource — creates or updates a source; the server fetches it once. */
export function saveDataSource(body: DataSourceSaveBody): Promise<DataSource> {
  return post(`${BASE}/saveDataSource`, body);
}

/** POST /apm-web/a/api/widget/refreshDataSource — fetches a source now. */
export function refreshDataSource(id: number): Promise<DataSource> {
  return post(`${BASE}/refreshDataSource`, { id });
}

/** POST /apm-web/a/api/widget/deleteDataSource — deletes sources (refused while data widgets show them). */
export function deleteDataSources(ids: number[]): Promise<null> {
  return post(`${BASE}/deleteDataSource`, { ids });
}

/** GET /apm-web/a/api/widget/dataSourceItems — a source's cached items (the editor's preview of data widgets). */
export async function getDataFeed(id: number, signal?: AbortSignal): Promise<DataFeed> {
  // The preview shows nothing while it fails; no error message per widget and refresh.
  return (
    await request<DataFeed>(`${BASE}/dataSourceItems`, { params: { id }, signal, skipErrorHandler: true })
  ).data;
}

/** GET /apm-web/a/api/common/apiStore — the platform's store, searched and paged. */
export async function listApiStore(
  params: { pageNo: number; pageSize: number; keyword?: string; kind?: StoreKind },
  signal?: AbortSignal,
): Promise<Page<ApiStoreItem>> {
  return (await request<Page<ApiStoreItem>>('/a/api/common/apiStore', { params: { ...params }, signal }))
    .data;
}

/** POST /apm-web/a/api/widget/addFromStore — adds a store item to the tenant's catalogue. */
export function addFromStore(id: number): Promise<null> {
  return post(`${BASE}/addFromStore`, { id });
}

/** POST /apm-web/a/api/widget/publishToStore — platform users share a package or data source. */
export function publishToStore(body: StorePublishBody): Promise<null> {
  return post(`${BASE}/publishToStore`, body);
}

/** POST /apm-web/a/api/widget/unpublishFromStore — platform users take an item out of the store. */
export function unpublishFromStore(id: number): Promise<null> {
  return post(`${BASE}/unpublishFromStore`, { id });
}
