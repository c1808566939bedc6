import {
  BUILTIN_WIDGET_TYPES,
  packageKey,
  type WidgetEntry,
  type WidgetKind,
  type WidgetSettingField,
  type WidgetSortField,
  type WidgetType,
} from '@apm/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  offices,
  playOfficeHourly,
  programs,
  widgetPackages,
  widgetTypeSettings,
} from '../../db/schema/index.js';
import { escapeLike } from '../materials/material-queries.js';

/** Filters, sort and paging of the catalogue. */
export interface CatalogueQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  kind?: WidgetKind;
  enabled?: boolean;
  sort?: WidgetSortField;
  order?: 'asc' | 'desc';
}

/** How far back the use figures look. */
const FIGURES_DAYS = 30;

const SORT_SQL: Record<WidgetSortField, string> = {
  name: 'coalesce(e.name, e.key)',
  kind: 'e.kind',
  enabled: 'e.enabled',
  programCount: '"programCount"',
  updatedAt: 'e.updated_at',
};

/**
 * Every entry of a tenant's catalogue as one relation (built-in types from a VALUES list with their
 * switches, then the tenant's packages): what the list pages, sorts and counts in SQL.
 */
function entriesSql(tenantId: number): SQL {
  const values = sql.join(
    BUILTIN_WIDGET_TYPES.map((t) => sql`(${t})`),
    sql`, `,
  );
  return sql`(
    select b.type as key, 'builtin' as kind, b.type as type, null::text as name,
      coalesce(s.enabled, true) as enabled, null::int as package_id, null::int as material_id,
      null::int as width, null::int as height, '[]'::jsonb as settings, false as from_store,
      s.updated_at as updated_at
    from (values ${values}) as b(type)
    left join ${widgetTypeSettings} s on s.tenant_office_id = ${tenantId} and s.widget_type = b.type
    union all
    select 'pkg-' || p.id, 'package', 'html', p.name, p.enabled, p.id, p.material_id, p.width, p.height,
      p.settings, p.store_item_id is not null, p.updated_at
    from ${widgetPackages} p where p.tenant_office_id = ${tenantId}
  )`;
}

/** Offices of the tenant (programs and figures are counted there). */
const tenantOffices = (tenantPath: string) =>
  sql`(select ${offices.id} from ${offices} where ${offices.path} like ${`${escapeLike(tenantPath)}%`})`;

/** Programs of the tenant using the entry (a package: its HTML widgets; a type: its widgets). */
const programCountSql = (tenantPath: string) => sql`(select count(*)::int from ${programs} pr
  where pr.office_id in ${tenantOffices(tenantPath)}
  and jsonb_path_exists(pr.document, '$.scenes[*].widgets[*] ? (@.type == $t && ($p == 0 || @.props.packageId == $p))',
    jsonb_build_object('t', e.type, 'p', coalesce(e.package_id, 0))))`;

/**
 * Uses and touches of a built-in type over the last days, from the office roll-up (`widget` and
 * `click` rows whose subject key is the widget type). Packages have none: the roll-up keys widgets
 * by type, and every package is of type `html`.
 */
const figuresSql = (tenantPath: string) => sql`case when e.kind = 'builtin' then (select json_build_object(
    'uses', coalesce(sum(h.plays) filter (where h.kind = 'widget'), 0)::int,
    'clicks', coalesce(sum(h.plays) filter (where h.kind = 'click'), 0)::int)::text
  from ${playOfficeHourly} h
  where h.kind in ('widget', 'click') and h.subject_key = e.key
    and h.office_id in ${tenantOffices(tenantPath)}
    and h.hour >= now() - make_interval(days => ${FIGURES_DAYS})) end`;

interface EntryRow {
  key: string;
  kind: WidgetKind;
  type: WidgetType;
  name: string | null;
  enabled: boolean | string;
  package_id: number | null;
  material_id: number | null;
  width: number | null;
  height: number | null;
  settings: WidgetSettingField[] | string;
  from_store: boolean | string;
  updated_at: Date | string | null;
  programCount: number;
  figures: string | null;
}

const bool = (v: boolean | string) => v === true || v === 't' || v === 'true';

const toEntry = (r: EntryRow): WidgetEntry => ({
  key: r.key,
  kind: r.kind,
  type: r.type,
  name: r.name,
  enabled: bool(r.enabled),
  packageId: r.package_id === null ? null : Number(r.package_id),
  materialId: r.material_id === null ? null : Number(r.material_id),
  width: r.width === null ? null : Number(r.width),
  height: r.height === null ? null : Number(r.height),
  settings: typeof r.settings === 'string' ? (JSON.parse(r.settings) as WidgetSettingField[]) : r.settings,
  fromStore: bool(r.from_store),
  programCount: Number(r.programCount),
  figures: r.figures ? (JSON.parse(r.figures) as WidgetEntry['figures']) : null,
  updatedAt: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
});

/** One page of a tenant's catalogue: filtered by name or type (keyword), kind and state, sorted, paged in SQL. */
export async function pageCatalogue(db: Database, tenantId: number, tenantPath: string, q: CatalogueQuery) {
  const word = q.keyword?.trim().toLowerCase();
  const conds: SQL[] = [sql`true`];
  if (word) {
    const pattern = `%${escapeLike(word)}%`;
    conds.push(sql`(lower(coalesce(e.name, '')) like ${pattern} or e.key like ${pattern})`);
  }
  if (q.kind) conds.push(sql`e.kind = ${q.kind}`);
  if (q.enabled !== undefined) conds.push(sql`e.enabled = ${q.enabled}`);
  const where = sql.join(conds, sql` and `);
  const direction = sql.raw(q.order === 'desc' ? 'desc nulls last' : 'asc nulls first');
  const column = sql.raw(SORT_SQL[q.sort ?? 'kind']);
  const [page, total] = await Promise.all([
    db.execute(sql`select e.*, ${programCountSql(tenantPath)} as "programCount", ${figuresSql(tenantPath)} as figures
      from ${entriesSql(tenantId)} e where ${where}
      order by ${column} ${direction}, e.kind, e.key
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
    db.execute(sql`select count(*)::int as n from ${entriesSql(tenantId)} e where ${where}`),
  ]);
  const rows = (page as unknown as { rows: EntryRow[] }).rows;
  const count = Number((total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  return { list: rows.map(toEntry), count, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The built-in types a tenant switched off. */
export async function disabledTypes(db: Pick<Database, 'select'>, tenantId: number): Promise<Set<string>> {
  const rows = await db
    .select({ type: widgetTypeSettings.widgetType })
    .from(widgetTypeSettings)
    .where(sql`${widgetTypeSettings.tenantOfficeId} = ${tenantId} and ${widgetTypeSettings.enabled} = false`);
  return new Set(rows.map((r) => r.type));
}

/** A tenant's packages as catalogue entries (no figures), by name. */
export async function packageEntries(
  db: Database,
  tenantId: number,
  onlyEnabled: boolean,
): Promise<WidgetEntry[]> {
  const rows = await db
    .select()
    .from(widgetPackages)
    .where(
      sql`${widgetPackages.tenantOfficeId} = ${tenantId}${onlyEnabled ? sql` and ${widgetPackages.enabled}` : sql``}`,
    )
    .orderBy(widgetPackages.name, widgetPackages.id);
  return rows.map((p) => ({
    key: packageKey(p.id),
    kind: 'package',
    type: 'html',
    name: p.name,
    enabled: p.enabled,
    packageId: p.id,
    materialId: p.materialId,
    width: p.width,
    height: p.height,
    settings: p.settings,
    fromStore: p.storeItemId !== null,
    programCount: 0,
    figures: null,
    updatedAt: p.updatedAt.toISOString(),
  }));
}
