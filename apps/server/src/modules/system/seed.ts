import { MENU_NAMES, MENU_PAGES, PERMISSIONS, SystemRoles, type PermissionDef } from '@apm/contract';
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, permissions, roleGrants, roles, systemSettings } from '../../db/schema/index.js';

type Grant = { permissionId: string; operation: string };

const grantsOf = (filter: (p: PermissionDef, op: string) => boolean): Grant[] =>
  PERMISSIONS.flatMap((p) =>
    p.operations.filter((op) => filter(p, op)).map((op) => ({ permissionId: p.id, operation: op })),
  );

const OPERATOR_AREAS = /^(home|res|content|program|plan|message|terminal|widget|stats|publish)(:|$)/;

/** What each seeded system role may do. */
export const SYSTEM_ROLE_GRANTS: Record<string, { name: string; grants: () => Grant[] }> = {
  [SystemRoles.superAdmin]: { name: 'Super administrator', grants: () => grantsOf(() => true) },
  [SystemRoles.operator]: {
    name: 'Operator',
    grants: () =>
      grantsOf(
        (p, op) =>
          OPERATOR_AREAS.test(p.id) ||
          (p.id === 'sys:messageNotification' && op === 'view') ||
          // A customer's everyday users see their institution, buy services and follow their orders.
          p.id === 'customer:center' ||
          (/^service:(purchase|payment)$/.test(p.id) && (op === 'view' || op === 'add')),
      ),
  },
  [SystemRoles.auditor]: {
    name: 'Auditor',
    grants: () =>
      grantsOf(
        (p, op) =>
          p.id === 'home' ||
          p.id.startsWith('review') ||
          (op === 'view' &&
            /^(content|program|plan|message|res|sys:log|sys:messageNotification|stats|service:payment)(:|$)/.test(
              p.id,
            )),
      ),
  },
};

/**
 * Brings catalogue data up to date when the catalogue in the code changed (it is hashed), idempotently:
 * the permission catalogue, the system roles (the super administrator gets every permission) and any
 * menu entries that are missing. Entries an administrator edited are left as they are.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  // Start-up skips the work when the catalogue is the one already seeded.
  const version = catalogueVersion();
  const [stored] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, 'catalogueVersion'));
  if (stored?.value === version) return;
  await db.transaction(async (tx) => {
    for (const p of PERMISSIONS) {
      await tx
        .insert(permissions)
        .values({ id: p.id, name: p.name, parentId: p.parent ?? null, operations: [...p.operations] })
        .onConflictDoUpdate({
          target: permissions.id,
          set: { name: p.name, parentId: p.parent ?? null, operations: [...p.operations] },
        });
    }
    const known = PERMISSIONS.map((p) => p.id);
    await tx.delete(permissions).where(sql`${permissions.id} not in ${known}`);

    for (const [code, def] of Object.entries(SYSTEM_ROLE_GRANTS)) {
      const inserted = await tx
        .insert(roles)
        .values({ code, name: def.name, isSystem: true })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      const [role] = inserted.length
        ? inserted
        : await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code));
      if (!role) continue;
      if (inserted.length || code === SystemRoles.superAdmin) {
        const grants = def.grants();
        if (grants.length) {
          await tx
            .insert(roleGrants)
            .values(grants.map((g) => ({ roleId: role.id, ...g })))
            .onConflictDoNothing();
        }
      }
    }

    // Menu entries are only ever added: an administrator's edits stay as they are, entries they
    // deleted (menuDeletedKeys) and entries below those are not brought back, and an entry whose
    // path an administrator's own entry already uses is left out.
    const existing = await tx.select({ key: menus.key, path: menus.path }).from(menus);
    const have = new Set(existing.map((m) => m.key));
    const [deletedRow] = await tx
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'menuDeletedKeys'));
    const deleted = new Set(Array.isArray(deletedRow?.value) ? (deletedRow.value as string[]) : []);
    const trim = (p: string | null | undefined) => (p ?? '').replace(/^\/+|\/+$/g, '');
    const paths = new Set(existing.map((m) => trim(m.path)).filter(Boolean));
    const missing = MENU_PAGES.map((page, index) => ({ page, index })).filter(
      ({ page }) =>
        !have.has(page.key) &&
        !deleted.has(page.key) &&
        !(page.parent && deleted.has(page.parent)) &&
        !(page.path && paths.has(trim(page.path))),
    );
    if (missing.length) {
      await tx.insert(menus).values(
        missing.map(({ page, index }) => ({
          key: page.key,
          parentKey: page.parent ?? null,
          path: page.path ?? null,
          names: { ...(MENU_NAMES[page.key] ?? { US: page.name }) },
          icon: page.icon ?? null,
          sort: (index + 1) * 10,
          permission: page.permission,
          roles: page.roles ?? null,
          hidden: page.hidden ?? false,
        })),
      );
    }
    await tx
      .insert(systemSettings)
      .values({ key: 'catalogueVersion', value: version })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: version, updatedAt: sql`now()` } });
  });
}

/** A hash of everything the seed writes, so that an unchanged catalogue is not seeded again. */
function catalogueVersion(): string {
  const roleGrants = Object.entries(SYSTEM_ROLE_GRANTS).map(([code, def]) => [code, def.name, def.grants()]);
  return createHash('sha256')
    .update(JSON.stringify([PERMISSIONS, MENU_PAGES, MENU_NAMES, roleGrants]))
    .digest('hex');
}

/** Ids of the roles with these codes. */
export async function roleIdsByCode(db: Database, codes: string[]): Promise<number[]> {
  if (!codes.length) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.code, codes)));
  return rows.map((r) => r.id);
}
