/** User management calls (`/a/api/user/*` for administrators; the signed-in user's own calls are in user.ts). */
import { request } from './request';
import type { Page } from './role';

/** A data range: how much of the tenant a user sees. */
export type DataRange = 'all' | 'officeAndBelow' | 'office' | 'self';

/** Every data range, widest first. */
export const DATA_RANGES: readonly DataRange[] = ['all', 'officeAndBelow', 'office', 'self'];

/** The data ranges a user with range `own` may give (never wider than their own; the server checks too). */
export function rangesWithin(own: DataRange | undefined): readonly DataRange[] {
  const at = own ? DATA_RANGES.indexOf(own) : 0;
  return DATA_RANGES.slice(Math.max(at, 0));
}

/** Sortable columns of the user list. */
export type UserSortField = 'loginName' | 'name' | 'createdAt' | 'lastLoginAt';

/** A role as user management shows it. */
export interface RoleRef {
  id: number;
  code: string;
  name: string;
}

/** One user of the list. */
export interface AdminUser {
  id: number;
  loginName: string;
  name: string;
  email: string | null;
  phone: string | null;
  officeId: number;
  officeName: string;
  enabled: boolean;
  dataRange: DataRange;
  roles: RoleRef[];
  createdAt: string;
  lastLoginAt: string | null;
}

/** Search, filters, sort and page of the user list. */
export interface UserListParams {
  pageNo: number;
  pageSize: number;
  name?: string;
  officeId?: number;
  roleId?: number;
  enabled?: '1' | '0';
  sortField?: UserSortField;
  sortOrder?: 'asc' | 'desc';
}

/** What saving a user sends (the password already encrypted when landing encryption is on). */
export interface UserSaveBody {
  id?: number;
  loginName: string;
  name: string;
  email?: string;
  phone?: string;
  officeId: number;
  roleIds: number[];
  dataRange?: DataRange;
  password?: string;
}

/** GET /apm-web/a/api/user/usereList — the users in the caller's data range, filtered, sorted and paged. */
export async function listUsers(params: UserListParams, signal?: AbortSignal): Promise<Page<AdminUser>> {
  return (await request<Page<AdminUser>>('/a/api/user/usereList', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/user/allRoleList — the roles the caller may assign. */
export async function listAssignableRoles(signal?: AbortSignal): Promise<RoleRef[]> {
  return (await request<RoleRef[]>('/a/api/user/allRoleList', { signal })).data;
}

/** POST /apm-web/a/api/user/save — creates or edits a user; answers its id (errors handled by the form). */
export async function saveUser(body: UserSaveBody): Promise<{ id: number }> {
  const { roleIds, ...rest } = body;
  return (
    await request<{ id: number }>('/a/api/user/save', {
      method: 'POST',
      data: { ...rest, roleIds: roleIds.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/user/delete — deletes users (all or none; errors handled by the caller). */
export async function deleteUsers(ids: number[]): Promise<{ deleted: number }> {
  return (
    await request<{ deleted: number }>('/a/api/user/delete', {
      method: 'POST',
      data: { id: ids.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/user/resetPassword — sets a new (encrypted when required) password. */
export async function resetUserPassword(id: number, password: string): Promise<void> {
  await request('/a/api/user/resetPassword', {
    method: 'POST',
    data: { id, password },
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/user/setEnabled — enables or disables a user (errors handled by the caller). */
export async function setUserEnabled(id: number, enabled: boolean): Promise<void> {
  await request('/a/api/user/setEnabled', { method: 'POST', data: { id, enabled }, skipErrorHandler: true });
}

/** POST /apm-web/a/api/user/checkPhoneOrEmail — whether a phone or e-mail is used by another user. */
export async function checkPhoneOrEmail(body: {
  phone?: string;
  email?: string;
  id?: number;
}): Promise<{ phoneTaken: boolean; emailTaken: boolean }> {
  return (
    await request<{ phoneTaken: boolean; emailTaken: boolean }>('/a/api/user/checkPhoneOrEmail', {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}
