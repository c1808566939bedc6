/** The home page's dashboard (`/a/api/home/dashboard`). */
import type { HomeDashboard } from '@apm/contract';
import { request } from './request';

/** GET /apm-web/a/api/home/dashboard — what the signed-in user's data range holds now (sections they may not see are null). */
export async function getHomeDashboard(signal?: AbortSignal): Promise<HomeDashboard> {
  return (await request<HomeDashboard>('/a/api/home/dashboard', { signal, skipErrorHandler: true })).data;
}
