import type { ApiStoreItem, ApiStoreQuery, StorePublishBody } from '@apm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiStoreItems, dataSources, materials, widgetPackages } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { requirePlatformUser } from '../dictionary/service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError } from '../users/user-access.js';
import { tenantOf, uniqueViolation } from './tenant.js';

const notInStore = (id: number) => fieldError(404, 'id', `id: no item ${id} in the store`, 'notFound');

interface StoreRow {
  id: number;
  kind: 'widget' | 'dataSource';
  name: string;
  description: string;
  width: number | null;
  height: number | null;
  format: 'json' | 'rss' | null;
  added: boolean | string;
  mine: boolean | string;
  published_at: Date | string;
}

/**
 * The platform's store (`apiStore`): platform users publish their packages and data sources;
 * every tenant browses them and adds copies to its own catalogue (a package keeps pointing to the
 * platform's zip, shared with every tenant; a data source is fetched for the tenant on its own).
 */
export class ApiStoreService {
  constructor(private readonly db: Database) {}

  /** One page of the store, by name or description and kind, with whether the caller's tenant added each. */
  async list(auth: AuthContext, q: ApiStoreQuery & { pageNo: number; pageSize: number }) {
    const tenantId = tenantOf(auth);
    const word = q.keyword?.trim().toLowerCase();
    const conds = [sql`true`];
    if (word) {
      const pattern = `%${escapeLike(word)}%`;
      conds.push(sql`(lower(x.name) like ${pattern} or lower(x.description) like ${pattern})`);
    }
    if (q.kind) conds.push(sql`x.kind = ${q.kind}`);
    const where = sql.join(conds, sql` and `);
    const items = sql`(select s.id, s.kind, coalesce(p.name, d.name) as name, s.description, p.width, p.height,
        d.format, s.published_at,
        exists (select 1 from ${widgetPackages} tp where tp.store_item_id = s.id and tp.tenant_office_id = ${tenantId})
          or exists (select 1 from ${dataSources} td where td.store_item_id = s.id and td.tenant_office_id = ${tenantId}) as added,
        coalesce(p.tenant_office_id, d.tenant_office_id) = ${tenantId} as mine
      from ${apiStoreItems} s
      left join ${widgetPackages} p on p.id = s.package_id
      left join ${dataSources} d on d.id = s.data_source_id)`;
    const direction = sql.raw(q.order === 'asc' ? 'asc' : 'desc');
    const [page, total] = await Promise.all([
      this.db.execute(sql`select * from ${items} x where ${where}
        order by x.published_at ${direction}, x.id ${direction} limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
      this.db.execute(sql`select count(*)::int as n from ${items} x where ${where}`),
    ]);
    const list: ApiStoreItem[] = (page as unknown as { rows: StoreRow[] }).rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      name: r.name,
      description: r.description,
      width: r.width === null ? null : Number(r.width),
      height: r.height === null ? null : Number(r.height),
      format: r.format,
      added: r.added === true || r.added === 't',
      mine: r.mine === true || r.mine === 't',
      publishedAt: new Date(r.published_at).toISOString(),
    }));
    const count = Number((total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { list, count, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /**
   * Publishes one of the platform's packages or data sources (platform users only; 404 naming `id`
   * outside the platform's catalogue; 409 when published already). A package's zip becomes shared.
   */
  async publish(auth: AuthContext, body: StorePublishBody): Promise<void> {
    await requirePlatformUser(this.db, auth, 'the widget store');
    const tenantId = tenantOf(auth);
    const description = body.description?.trim() ?? '';
    try {
      await this.db.transaction(async (tx) => {
        if (body.kind === 'widget') {
          const [pkg] = await tx
            .select({ id: widgetPackages.id, materialId: widgetPackages.materialId })
            .from(widgetPackages)
            .where(and(eq(widgetPackages.id, body.id), eq(widgetPackages.tenantOfficeId, tenantId)));
          if (!pkg)
            throw fieldError(
              404,
              'id',
              `id: no widget package ${body.id} in the platform's catalogue`,
              'notFound',
            );
          await tx
            .update(materials)
            .set({ shared: true, updatedAt: new Date() })
            .where(eq(materials.id, pkg.materialId));
          await tx
            .insert(apiStoreItems)
            .values({ kind: 'widget', packageId: pkg.id, description, publishedBy: auth.userId });
        } else {
          const [src] = await tx
            .select({ id: dataSources.id })
            .from(dataSources)
            .where(and(eq(dataSources.id, body.id), eq(dataSources.tenantOfficeId, tenantId)));
          if (!src)
            throw fieldError(
              404,
              'id',
              `id: no data source ${body.id} in the platform's catalogue`,
              'notFound',
            );
          await tx
            .insert(apiStoreItems)
            .values({ kind: 'dataSource', dataSourceId: src.id, description, publishedBy: auth.userId });
        }
      });
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      const msg = `id: ${body.kind} ${body.id} is in the store already`;
      throw conflict(msg, 'published', { fields: { id: msg } });
    }
  }

  /** Takes an item out of the store (platform users only); what tenants added stays theirs. */
  async unpublish(auth: AuthContext, id: number): Promise<void> {
    await requirePlatformUser(this.db, auth, 'the widget store');
    const rows = await this.db
      .delete(apiStoreItems)
      .where(eq(apiStoreItems.id, id))
      .returning({ id: apiStoreItems.id });
    if (!rows.length) throw notInStore(id);
  }

  /** Adds a store item to the caller's tenant catalogue; 409 when added already (or a source of that name exists). */
  async add(auth: AuthContext, id: number): Promise<void> {
    const tenantId = tenantOf(auth);
    const [item] = await this.db.select().from(apiStoreItems).where(eq(apiStoreItems.id, id));
    if (!item) throw notInStore(id);
    try {
      if (item.packageId !== null) {
        const [pkg] = await this.db
          .select()
          .from(widgetPackages)
          .where(eq(widgetPackages.id, item.packageId));
        if (!pkg) throw notInStore(id);
        if (pkg.tenantOfficeId === tenantId)
          throw conflict('id: this widget is your own', 'ownItem', { fields: { id: 'own' } });
        await this.db.insert(widgetPackages).values({
          tenantOfficeId: tenantId,
          materialId: pkg.materialId,
          name: pkg.name,
          width: pkg.width,
          height: pkg.height,
          entry: pkg.entry,
          settings: pkg.settings,
          storeItemId: item.id,
          createdBy: auth.userId,
        });
      } else {
        const [src] = await this.db.select().from(dataSources).where(eq(dataSources.id, item.dataSourceId!));
        if (!src) throw notInStore(id);
        if (src.tenantOfficeId === tenantId)
          throw conflict('id: this data source is your own', 'ownItem', { fields: { id: 'own' } });
        const added = await this.db
          .select({ id: dataSources.id })
          .from(dataSources)
          .where(and(eq(dataSources.tenantOfficeId, tenantId), eq(dataSources.storeItemId, item.id)));
        if (added.length)
          throw conflict(`id: store item ${id} is in your catalogue already`, 'added', {
            fields: { id: 'added' },
          });
        await this.db.insert(dataSources).values({
          tenantOfficeId: tenantId,
          name: src.name,
          url: src.url,
          format: src.format,
          itemPath: src.itemPath,
          titleField: src.titleField,
          textField: src.textField,
          intervalSeconds: src.intervalSeconds,
          items: src.items,
          itemsFetchedAt: src.itemsFetchedAt,
          storeItemId: item.id,
          createdBy: auth.userId,
        });
      }
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      const msg = `id: store item ${id} is in your catalogue already (or one of the same name)`;
      throw conflict(msg, 'added', { fields: { id: msg } });
    }
  }
}
