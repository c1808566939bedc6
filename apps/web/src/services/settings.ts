/** System setting calls (`/a/api/sysSetting/*`). */
import { request } from './request';

/** One setting as GET /a/api/sysSetting/list answers it; write-only secrets carry only `isSet`. */
export interface SettingItem {
  key: string;
  value: unknown;
  default: unknown;
  description: string;
  type: 'boolean' | 'number' | 'string' | 'object';
  editable: boolean;
  secret: boolean;
  isSet?: boolean;
}

/** GET /apm-web/a/api/sysSetting/list — every setting the settings page shows. */
export async function listSettings(): Promise<SettingItem[]> {
  return (await request<SettingItem[]>('/a/api/sysSetting/list')).data;
}

/** POST /apm-web/a/api/sysSetting/save — changes one setting (JSON body). */
export async function saveSetting(key: string, value: unknown): Promise<unknown> {
  const { data } = await request('/a/api/sysSetting/save', {
    method: 'POST',
    data: { key, value },
    requestType: 'json',
    skipErrorHandler: true,
  });
  return data;
}

/** POST /apm-web/a/api/sysSetting/saveSecret — sets a write-only secret ('' clears it). */
export async function saveSecret(key: string, secret: string): Promise<{ isSet: boolean }> {
  const { data } = await request<{ isSet: boolean }>('/a/api/sysSetting/saveSecret', {
    method: 'POST',
    data: { key, secret },
    skipErrorHandler: true,
  });
  return data;
}

/** GET /apm-web/a/api/sysSetting/getKey — a readable setting by key; '' when it fails (spec section 7). */
export async function getSettingKey(key: string): Promise<unknown> {
  try {
    return (await request('/a/api/sysSetting/getKey', { params: { key }, skipErrorHandler: true })).data;
  } catch {
    return '';
  }
}
