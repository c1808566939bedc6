import type { ServerRoute } from '@apm/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus, systemSettings } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import {
  checkIcon,
  checkNames,
  checkPermission,
  checkRoles,
  fieldError,
  normalisePath,
  samePath,
} from './menu-validation.js';

/** A node of the menu tree (GET /a/sys/menu/lists). */
export interface MenuNode extends ServerRoute {
  id: number;
  children: MenuNode[];
}

/** What POST /a/sys/menu/save takes: no id creates, an id edits (the key of an entry never changes). */
export interface MenuSaveInput {
  id?: number;
  key?: string;
  parentKey?: string | null;
  path?: string | null;
  names: unknown;
  icon?: string | null;
  sort?: number;
  permission: string;
  roles?: unknown;
  hidden?: boolean;
}

/** Setting that lists the catalogue menu keys an administrator deleted, so that re-seeding skips them. */
export const DELETED_MENU_KEYS = 'menuDeletedKeys';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type MenuRow = typeof menus.$inferSelect;

/** Reads and changes the menu configuration that GET /routes and the menu tree serve. */
export class MenuService {
  constructor(private readonly db: Database) {}

  /** Every menu entry in order, as route config. */
  async routes(): Promise<(ServerRoute & { id: number })[]> {
    const rows = await this.db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
    return rows.map((m) => ({
      id: m.id,
      key: m.key,
      path: m.path ?? undefined,
      parent: m.parentKey ?? undefined,
      name: m.names,
      icon: m.icon ?? undefined,
      permission: m.permission,
      roles: m.roles ?? undefined,
      hidden: m.hidden,
      sort: m.sort,
    }));
  }

  /** The menu as a tree of nodes. */
  async tree(): Promise<MenuNode[]> {
    const nodes = (await this.routes()).map((r) => ({ ...r, children: [] as MenuNode[] }));
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    const roots: MenuNode[] = [];
    for (const node of nodes) {
      const parent = node.parent ? byKey.get(node.parent) : undefined;
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  /**
   * Creates or edits a menu entry; answers its id and key. Checks: the key is new and unchanged on
   * edit, the parent exists and is not the entry or below it, the path is used by no other entry,
   * names exist in all 7 languages, the icon is renderable, the permission is in the catalogue.
   */
  async save(input: MenuSaveInput): Promise<{ id: number; key: string }> {
    const names = checkNames(input.names);
    const icon = checkIcon(input.icon);
    const permission = checkPermission(input.permission);
    const roles = checkRoles(input.roles);
    const path = normalisePath(input.path);
    const parentKey = input.parentKey?.trim() || null;
    return this.db.transaction(async (tx) => {
      const all = await tx.select().from(menus);
      const byKey = new Map(all.map((m) => [m.key, m]));
      let current: MenuRow | undefined;
      let key: string;
      if (input.id !== undefined) {
        current = all.find((m) => m.id === input.id);
        if (!current) throw fieldError(404, 'id', `id: no menu entry ${input.id}`, 'notFound');
        if (input.key !== undefined && input.key !== current.key) {
          throw fieldError(400, 'key', 'key cannot be changed once the entry exists');
        }
        key = current.key;
      } else {
        if (!input.key) throw fieldError(400, 'key', 'key is required');
        key = input.key;
        if (byKey.has(key)) throw fieldError(409, 'key', `key ${key} is already used`, 'conflict');
      }
      if (parentKey !== null) {
        if (!byKey.has(parentKey))
          throw fieldError(400, 'parentKey', `parentKey: no menu entry ${parentKey}`);
        // The parent may not be the entry itself or lie below it (that would make a cycle).
        for (let k: string | null = parentKey; k !== null; k = byKey.get(k)?.parentKey ?? null) {
          if (k === key) throw fieldError(400, 'parentKey', 'parentKey cannot be the entry or one below it');
        }
      }
      const clash = all.find((m) => m.key !== key && samePath(m.path, path));
      if (clash) {
        throw fieldError(409, 'path', `path ${path} is already used by ${clash.key}`, 'conflict');
      }
      const values = {
        parentKey,
        path,
        names,
        icon,
        permission,
        roles,
        hidden: input.hidden ?? current?.hidden ?? false,
        sort: input.sort ?? current?.sort ?? nextSort(all, parentKey),
      };
      if (current) {
        await tx.update(menus).set(values).where(eq(menus.id, current.id));
        return { id: current.id, key };
      }
      const [row] = await tx
        .insert(menus)
        .values({ key, ...values })
        .returning({ id: menus.id });
      await forgetDeleted(tx, key);
      return { id: row!.id, key };
    });
  }

  /** Deletes a menu entry that has no children (409 otherwise); re-seeding will not bring it back. */
  async delete(id: number): Promise<{ key: string }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(menus).where(eq(menus.id, id));
      if (!row) throw notFound(`No menu entry ${id}`);
      const children = await tx.select({ key: menus.key }).from(menus).where(eq(menus.parentKey, row.key));
      if (children.length) {
        throw fieldError(
          409,
          'id',
          `${row.key} still has ${children.length} entries below it; delete or move them first`,
          'hasChildren',
        );
      }
      await tx.delete(menus).where(eq(menus.id, id));
      const deleted = await deletedKeys(tx);
      if (!deleted.includes(row.key)) await storeDeleted(tx, [...deleted, row.key]);
      return { key: row.key };
    });
  }

  /**
   * Orders the entries below `parentKey` (null: the top level) as `keys` lists them; `keys` must
   * name exactly those entries. Sort values become 10, 20, 30, ...
   */
  async reorder(parentKey: string | null, keys: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const all = await tx.select({ id: menus.id, key: menus.key, parentKey: menus.parentKey }).from(menus);
      if (parentKey !== null && !all.some((m) => m.key === parentKey)) {
        throw fieldError(400, 'parentKey', `parentKey: no menu entry ${parentKey}`);
      }
      const siblings = all.filter((m) => (m.parentKey ?? null) === parentKey);
      const wanted = new Set(keys);
      if (
        wanted.size !== keys.length ||
        wanted.size !== siblings.length ||
        siblings.some((m) => !wanted.has(m.key))
      ) {
        throw fieldError(400, 'keys', 'keys must list every entry below parentKey exactly once');
      }
      const idOf = new Map(siblings.map((m) => [m.key, m.id]));
      for (const [index, key] of keys.entries()) {
        await tx
          .update(menus)
          .set({ sort: (index + 1) * 10 })
          .where(eq(menus.id, idOf.get(key)!));
      }
    });
  }
}

/** A sort value after the last sibling. */
function nextSort(all: MenuRow[], parentKey: string | null): number {
  const sorts = all.filter((m) => (m.parentKey ?? null) === parentKey).map((m) => m.sort);
  return (sorts.length ? Math.max(...sorts) : 0) + 10;
}

/** Catalogue menu keys an administrator deleted. */
export async function deletedKeys(tx: Tx | Database): Promise<string[]> {
  const [row] = await tx
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, DELETED_MENU_KEYS));
  return Array.isArray(row?.value) ? (row.value as unknown[]).filter((k) => typeof k === 'string') : [];
}

async function storeDeleted(tx: Tx, keys: string[]): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ key: DELETED_MENU_KEYS, value: keys })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: keys, updatedAt: sql`now()` } });
}

/** A key created again is no longer "deleted". */
async function forgetDeleted(tx: Tx, key: string): Promise<void> {
  const deleted = await deletedKeys(tx);
  if (deleted.includes(key))
    await storeDeleted(
      tx,
      deleted.filter((k) => k !== key),
    );
}
