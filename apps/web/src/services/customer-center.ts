/** Customer center call (`/a/api/customerCenter/overview`). */
import type { CustomerOverview } from '@apm/contract';
import { request } from './request';

/** Query key of the overview. */
export const customerCenterKeys = { overview: ['customerCenter', 'overview'] as const };

/** GET overview — the caller's institution, capacity, service end date and latest orders. */
export async function getCustomerOverview(signal?: AbortSignal): Promise<CustomerOverview> {
  return (await request<CustomerOverview>('/a/api/customerCenter/overview', { signal })).data;
}
