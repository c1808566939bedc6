/**
 * Role management (`/a/api/role/*`): the shapes the server answers and the console shows.
 * A grant is a permission string `<id>:<operation>`, e.g. `sys:user:edit`.
 */
import { Type, type Static } from 'typebox';

/** Columns the role list sorts by. */
export const ROLE_SORT_FIELDS = ['name', 'code', 'createdAt', 'userCount'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

/** Longest role name, code and remarks. */
export const ROLE_LIMITS = { name: 50, code: 50, remarks: 500 } as const;

/** One role as the list shows it. */
export const RoleItemSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  remarks: Type.Union([Type.String(), Type.Null()]),
  /** Seeded by the system: never deleted, edited only by the platform super administrator. */
  isSystem: Type.Boolean(),
  /** Owning office; null for platform-wide roles. */
  officeId: Type.Union([Type.Integer(), Type.Null()]),
  officeName: Type.Union([Type.String(), Type.Null()]),
  /** Users holding the role, counting only those in the caller’s data range. */
  userCount: Type.Integer(),
  /** Whether the caller may edit it (system-role and anti-escalation rules). */
  editable: Type.Boolean(),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type RoleItem = Static<typeof RoleItemSchema>;

/** A role with its grants (GET detail). */
export const RoleDetailSchema = Type.Object({
  ...RoleItemSchema.properties,
  grants: Type.Array(Type.String({ description: 'Permission string, e.g. sys:user:edit' })),
});
export type RoleDetail = Static<typeof RoleDetailSchema>;

/** One operation of a page in the permission tree. */
export const PermissionOperationNodeSchema = Type.Object({
  /** Permission string, e.g. `sys:user:edit`. */
  key: Type.String(),
  operation: Type.String(),
  /** Whether the caller holds it: only held operations can be granted. */
  grantable: Type.Boolean(),
});

/** One page (or page group) of the permission tree; groups hold their pages in `children`. */
export const PermissionNodeSchema = Type.Object({
  /** Permission id, e.g. `sys:user`. */
  id: Type.String(),
  /** English name; the console translates by id (`PERMISSION_NAMES`). */
  name: Type.String(),
  operations: Type.Array(PermissionOperationNodeSchema),
  children: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      operations: Type.Array(PermissionOperationNodeSchema),
    }),
  ),
});
export type PermissionNode = Static<typeof PermissionNodeSchema>;
export type PermissionOperationNode = Static<typeof PermissionOperationNodeSchema>;

/** One member of a role (GET members). */
export const RoleMemberSchema = Type.Object({
  id: Type.Integer(),
  loginName: Type.String(),
  name: Type.String(),
  officeId: Type.Integer(),
  officeName: Type.String(),
  enabled: Type.Boolean(),
});
export type RoleMember = Static<typeof RoleMemberSchema>;
