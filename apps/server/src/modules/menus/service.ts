import type { ServerRoute } from '@apm/contract';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { menus } from '../../db/schema/index.js';

/** A node of the menu tree (GET /a/sys/menu/lists). */
export interface MenuNode extends ServerRoute {
  id: number;
  children: MenuNode[];
}

/** Reads the menu configuration that GET /routes and the menu tree serve. */
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
}
