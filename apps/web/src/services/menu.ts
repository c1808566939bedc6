/** Menu management calls (`/a/sys/menu/*`). */
import type { Language, ServerRoute } from '@apm/contract';
import { request } from './request';

/** A node of the menu tree as GET /a/sys/menu/lists answers it. */
export interface MenuTreeNode extends ServerRoute {
  id: number;
  children: MenuTreeNode[];
}

/** What a save sends: no id creates (sys:menu:add), an id edits (sys:menu:edit). */
export interface MenuSaveBody {
  id?: number;
  key?: string;
  parentKey: string;
  path: string;
  names: Record<Language, string>;
  icon: string;
  sort?: number;
  permission: string;
  roles?: string[];
  hidden: boolean;
}

/** GET /apm-web/a/sys/menu/lists — the whole menu tree with every field. */
export async function getMenuTree(): Promise<MenuTreeNode[]> {
  return (await request<MenuTreeNode[]>('/a/sys/menu/lists')).data;
}

/** POST /apm-web/a/sys/menu/save — creates or edits a menu entry (JSON); answers its id and key. */
export async function saveMenu(body: MenuSaveBody): Promise<{ id: number; key: string }> {
  const { data } = await request<{ id: number; key: string }>('/a/sys/menu/save', {
    method: 'POST',
    data: body,
    requestType: 'json',
    // The form shows per-field messages itself.
    skipErrorHandler: true,
  });
  return data;
}

/** POST /apm-web/a/sys/menu/delete — deletes an entry without children. */
export async function deleteMenu(id: number): Promise<void> {
  await request('/a/sys/menu/delete', { method: 'POST', data: { id } });
}

/** POST /apm-web/a/sys/menu/reorder — orders every entry below `parentKey` ('' for the top level). */
export async function reorderMenus(parentKey: string, keys: string[]): Promise<void> {
  await request('/a/sys/menu/reorder', { method: 'POST', data: { parentKey, keys: keys.join(',') } });
}
