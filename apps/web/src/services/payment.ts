/**
 * Payment centre calls (`/a/api/payment/*`): orders and their detail, cancellation, the seller's
 * confirmation of a bank transfer, fulfilment, refunds, the ledger's balance and invoice PDFs.
 */
import type {
  Balance,
  LedgerEntry,
  OrderDetail,
  OrderSortField,
  OrderState,
  OrderSummary,
} from '@apm/contract';
import type { Page } from './office';
import { request } from './request';

const BASE = '/a/api/payment';

/** Query keys of payment data (prefix `['payment']`). */
export const paymentKeys = {
  all: ['payment'] as const,
  orders: ['payment', 'orders'] as const,
  detail: (id: number) => ['payment', 'detail', id] as const,
  balance: ['payment', 'balance'] as const,
  ledger: ['payment', 'ledger'] as const,
};

/** Search, sort and page of the order list. */
export interface OrderListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  state?: OrderState;
  sortField?: OrderSortField;
  sortOrder?: 'asc' | 'desc';
}

/** GET orders — the caller's scope, searched, sorted and paged. */
export async function listOrders(
  { sortField, sortOrder, ...params }: OrderListParams,
  signal?: AbortSignal,
): Promise<Page<OrderSummary>> {
  const query = { ...params, ...(sortField ? { sort: sortField, order: sortOrder ?? 'desc' } : {}) };
  return (await request<Page<OrderSummary>>(`${BASE}/orders`, { params: query, signal })).data;
}

/** GET orderDetail — one order with history, ledger, bank details and allowed actions. */
export async function getOrder(id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return (await request<OrderDetail>(`${BASE}/orderDetail`, { params: { id }, signal })).data;
}

/** GET balance — paid, refunded and owed per currency. */
export async function getBalance(signal?: AbortSignal): Promise<Balance> {
  return (await request<Balance>(`${BASE}/balance`, { signal })).data;
}

const post = async (path: string, data: object): Promise<OrderDetail> =>
  (
    await request<OrderDetail>(`${BASE}/${path}`, {
      method: 'POST',
      data,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;

/** POST cancelOrder. */
export const cancelOrder = (id: number) => post('cancelOrder', { id });
/** POST confirmPayment — the transfer arrived (amount must be the total). */
export const confirmPayment = (id: number, amountMinor: number, valueDate: string, note?: string) =>
  post('confirmPayment', { id, amountMinor, valueDate, ...(note ? { note } : {}) });
/** POST fulfilOrder — tries the fulfilment of a paid order again. */
export const fulfilOrder = (id: number) => post('fulfilOrder', { id });
/** POST refundOrder — refunds the whole total. */
export const refundOrder = (id: number, valueDate: string, note: string) =>
  post('refundOrder', { id, valueDate, note });

/** Address of an order's invoice PDF (the session cookie authorises the download). */
export const invoicePdfUrl = (orderId: number) => `/apm-web${BASE}/invoicePdf?orderId=${orderId}`;

/** Paging and filter of the ledger. */
export interface LedgerListParams {
  pageNo: number;
  pageSize: number;
  kind?: 'payment' | 'refund';
}

/** GET ledger — payments received and refunds sent in the caller's scope, newest first. */
export async function listLedger(params: LedgerListParams, signal?: AbortSignal): Promise<Page<LedgerEntry>> {
  return (await request<Page<LedgerEntry>>(`${BASE}/ledger`, { params: { ...params }, signal })).data;
}
