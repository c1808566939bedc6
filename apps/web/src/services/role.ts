/** Role management calls (`/a/api/role/*`). */
import type { PermissionNode, RoleDetail, RoleItem, RoleMember, RoleSortField } from '@apm/contract';
import { request } from './request';

/** A page of a list call. */
export interface Page<T> {
  list: T[];
  count: number;
  pageNo: number;
  pageSize: number;
}

/** Search, sort and page of the role list. */
export interface RoleListParams {
  pageNo: number;
  pageSize: number;
  name?: string;
  code?: string;
  sortField?: RoleSortField;
  sortOrder?: 'asc' | 'desc';
}

/** What saving a role sends. */
export interface RoleSaveBody {
  id?: number;
  name: string;
  code?: string;
  remarks?: string;
  grants: string[];
}

/** GET /apm-web/a/api/role/list — the roles the caller may see, searched, sorted and paged. */
export async function listRoles(params: RoleListParams, signal?: AbortSignal): Promise<Page<RoleItem>> {
  return (await request<Page<RoleItem>>('/a/api/role/list', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/role/permissionTree — the permission catalogue, marking what the caller may grant. */
export async function getPermissionTree(signal?: AbortSignal): Promise<PermissionNode[]> {
  return (await request<PermissionNode[]>('/a/api/role/permissionTree', { signal })).data;
}

/** GET /apm-web/a/api/role/detail — one role with its grants. */
export async function getRoleDetail(id: number, signal?: AbortSignal): Promise<RoleDetail> {
  return (await request<RoleDetail>('/a/api/role/detail', { params: { id }, signal })).data;
}

/** POST /apm-web/a/api/role/save — creates or edits a role; answers its id (errors handled by the form). */
export async function saveRole(body: RoleSaveBody): Promise<{ id: number }> {
  const { grants, ...rest } = body;
  return (
    await request<{ id: number }>('/a/api/role/save', {
      method: 'POST',
      data: { ...rest, grants: grants.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/role/delete — deletes roles (all or none; errors handled by the caller). */
export async function deleteRoles(ids: number[]): Promise<{ deleted: number }> {
  return (
    await request<{ deleted: number }>('/a/api/role/delete', {
      method: 'POST',
      data: { ids: ids.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/role/members — one page of the users holding a role. */
export async function listRoleMembers(
  params: { id: number; pageNo: number; pageSize: number; name?: string },
  signal?: AbortSignal,
): Promise<Page<RoleMember>> {
  return (await request<Page<RoleMember>>('/a/api/role/members', { params, signal })).data;
}

/** POST /apm-web/a/api/role/assignUsers — gives a role to users (errors handled by the caller). */
export async function assignRoleUsers(roleId: number, userIds: number[]): Promise<{ added: number }> {
  return (
    await request<{ added: number }>('/a/api/role/assignUsers', {
      method: 'POST',
      data: { roleId, userIds: userIds.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/role/removeUsers — takes a role from users (errors handled by the caller). */
export async function removeRoleUsers(roleId: number, userIds: number[]): Promise<{ removed: number }> {
  return (
    await request<{ removed: number }>('/a/api/role/removeUsers', {
      method: 'POST',
      data: { roleId, userIds: userIds.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}
