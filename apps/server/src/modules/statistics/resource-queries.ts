import { WIDGET_TYPES, type ResourceCases, type WidgetNumber } from '@apm/contract';
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { materials, messages, plans, programs, widgetTypeSettings } from '../../db/schema/index.js';
import { pathIds } from '../offices/office-scope.js';
import { dataScope, officesUnder } from '../../lib/data-scope.js';
import { queryRows } from '../../terminal/sql.js';
import type { StatsScope } from './stats-scope.js';

/** Rows of the caller's range (and the office asked for) by their office and owner columns. */
function owned(scope: StatsScope, officeColumn: AnyPgColumn, ownerColumn: AnyPgColumn): SQL {
  const conds = [dataScope(scope.auth, officeColumn, ownerColumn)];
  if (scope.officePath) conds.push(officesUnder(officeColumn, scope.officePath));
  return and(...conds)!;
}

const num = (v: unknown) => Number(v ?? 0);

/** Resource cases (what the range holds now) and widget use in programs. */
export class ResourceStats {
  constructor(private readonly db: Database) {}

  /** Materials by kind and review state with their bytes; programs, plans and messages by state. */
  async resourceCases(scope: StatsScope): Promise<ResourceCases> {
    const m = owned(scope, materials.officeId, materials.createdBy);
    const byKind = await this.db
      .select({
        name: materials.kind,
        count: sql<number>`count(*)::int`,
        bytes: sql<string>`sum(${materials.size})`,
      })
      .from(materials)
      .where(m)
      .groupBy(materials.kind)
      .orderBy(materials.kind);
    const byState = (
      table: typeof materials | typeof programs | typeof plans | typeof messages,
      where: SQL,
    ) =>
      this.db
        .select({ name: table.reviewState, count: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
        .groupBy(table.reviewState)
        .orderBy(table.reviewState);
    const p = owned(scope, programs.officeId, programs.createdBy);
    const [programTotals] = await this.db
      .select({ total: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${programs.size}), 0)` })
      .from(programs)
      .where(p);
    const planStates = await byState(plans, owned(scope, plans.officeId, plans.createdBy));
    const messageStates = await this.db
      .select({
        name: sql<string>`case when ${messages.deletedAt} is not null then 'deleted'
          when ${messages.stoppedAt} is not null then 'stopped'
          when ${messages.sentAt} is not null then 'sent' else 'draft' end`,
        count: sql<number>`count(*)::int`,
      })
      .from(messages)
      .where(owned(scope, messages.officeId, messages.createdBy))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);
    const kinds = byKind.map((k) => ({ name: k.name, count: k.count, bytes: num(k.bytes) }));
    return {
      materials: {
        total: sum(kinds),
        bytes: kinds.reduce((n, k) => n + k.bytes, 0),
        byKind: kinds,
        byState: await byState(materials, m),
      },
      programs: {
        total: programTotals?.total ?? 0,
        bytes: num(programTotals?.bytes),
        byState: await byState(programs, p),
      },
      plans: { total: sum(planStates), byState: planStates },
      messages: { total: sum(messageStates), byState: messageStates },
    };
  }

  /** Every widget type of the program format (and whether the tenant has it on), with how many widgets of it the range's programs hold and in how many programs. */
  async widgetNumber(scope: StatsScope): Promise<WidgetNumber> {
    const rows = await queryRows<{ type: string; widgets: number; programs: number }>(
      this.db,
      sql`select w->>'type' as type, count(*)::int as widgets, count(distinct ${programs.id})::int as programs
        from ${programs}, jsonb_array_elements(${programs.document}->'scenes') s, jsonb_array_elements(s->'widgets') w
        where ${owned(scope, programs.officeId, programs.createdBy)}
        group by 1`,
    );
    const found = new Map(rows.map((r) => [r.type, r]));
    const tenant = pathIds(scope.auth.tenantPath).at(-1) ?? 0;
    const switches = await this.db
      .select({ type: widgetTypeSettings.widgetType, enabled: widgetTypeSettings.enabled })
      .from(widgetTypeSettings)
      .where(sql`${widgetTypeSettings.tenantOfficeId} = ${tenant}`);
    const off = new Set(switches.filter((s) => !s.enabled).map((s) => s.type));
    return WIDGET_TYPES.map((type) => ({
      type,
      enabled: !off.has(type),
      widgets: found.get(type)?.widgets ?? 0,
      programs: found.get(type)?.programs ?? 0,
    })).sort((a, b) => b.widgets - a.widgets || a.type.localeCompare(b.type));
  }
}
