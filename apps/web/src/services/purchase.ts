/**
 * Purchase service calls (`/a/api/purchase/*`): a seller's catalogue, the seller's bank details and
 * placing an order.
 */
import type {
  OrderDetail,
  SellerAccount,
  SellerAccountSaveBody,
  ServiceKind,
  ServiceProduct,
  ServiceSaveBody,
  ServiceSortField,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/purchase';

/** Query keys of purchase data (prefix `['purchase']`). */
export const purchaseKeys = {
  all: ['purchase'] as const,
  services: (scope: 'manage' | 'buy') => ['purchase', 'services', scope] as const,
  account: ['purchase', 'account'] as const,
};

/** Search, sort and page of a catalogue list. */
export interface ServiceListParams {
  pageNo: number;
  pageSize: number;
  scope: 'manage' | 'buy';
  keyword?: string;
  kind?: ServiceKind;
  sortField?: ServiceSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET services — the caller's own catalogue (`manage`) or its seller's active one (`buy`). */
export async function listServices(
  { sortField, sortOrder, ...params }: ServiceListParams,
  signal?: AbortSignal,
): Promise<Page<ServiceProduct>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'asc' } : {}) };
  return (await request<Page<ServiceProduct>>(`${BASE}/services`, { params: query, signal })).data;
}

const post = async <T>(path: string, data: object): Promise<T> =>
  (await request<T>(`${BASE}/${path}`, { method: 'POST', data, requestType: 'json', skipErrorHandler: true }))
    .data;

/** POST saveService — creates (no id) or updates a service of the caller's catalogue. */
export const saveService = (body: ServiceSaveBody) => post<ServiceProduct>('saveService', body);
/** POST setServiceActive — offers a service again or stops offering it. */
export const setServiceActive = (id: number, active: boolean) =>
  post<null>('setServiceActive', { id, active });
/** POST deleteService — deletes services of the caller's catalogue. */
export const deleteServices = (ids: number[]) => post<null>('deleteService', { ids });

/** GET sellerAccount — the caller's bank details and invoice data. */
export async function getSellerAccount(signal?: AbortSignal): Promise<SellerAccount> {
  return (await request<SellerAccount>(`${BASE}/sellerAccount`, { signal })).data;
}
/** POST saveSellerAccount. */
export const saveSellerAccount = (body: SellerAccountSaveBody) =>
  post<SellerAccount>('saveSellerAccount', body);

/** POST placeOrder — the caller's institution orders a service of its seller. */
export const placeOrder = (serviceId: number, quantity: number, note?: string) =>
  post<OrderDetail>('placeOrder', { serviceId, quantity, ...(note ? { note } : {}) });
