import {
  DATA_SOURCE_LIMITS,
  type DataFeed,
  type DataSource,
  type DataSourceListQuery,
  type DataSourceSaveBody,
} from '@apm/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dataSources, programs } from '../../db/schema/index.js';
import { officesUnder } from '../../lib/data-scope.js';
import { conflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError } from '../users/user-access.js';
import { FeedError, feedUrlProblem, fetchFeed } from './feed-fetch.js';
import { parseFeed } from './feed-parse.js';
import { notInCatalogue, tenantOf, tenantRootOf, uniqueViolation } from './tenant.js';

type SourceRow = typeof dataSources.$inferSelect;

/** A stored source as the contract shows it. */
export const toDataSource = (r: SourceRow): DataSource => ({
  id: r.id,
  name: r.name,
  url: r.url,
  format: r.format,
  itemPath: r.itemPath,
  titleField: r.titleField,
  textField: r.textField,
  intervalSeconds: r.intervalSeconds,
  enabled: r.enabled,
  fromStore: r.storeItemId !== null,
  lastStatus: r.lastStatus ?? null,
  lastError: r.lastError ?? null,
  lastFetchedAt: r.lastFetchedAt?.toISOString() ?? null,
  itemCount: r.items.length,
  updatedAt: r.updatedAt.toISOString(),
});

const feedOf = (r: Pick<SourceRow, 'id' | 'items' | 'itemsFetchedAt'>): DataFeed => ({
  sourceId: r.id,
  items: r.items,
  fetchedAt: r.itemsFetchedAt?.toISOString() ?? null,
});

/**
 * Data sources of a tenant: URL feeds the server fetches (never the terminals), on each source's
 * interval, keeping the items of the last good fetch for `data` widgets; the last fetch's status
 * and error are shown to the operator. Requests go to public addresses only unless the server
 * allows private ones (`APM_FEEDS_ALLOW_PRIVATE`).
 */
export class DataSourceService {
  constructor(
    private readonly db: Database,
    private readonly allowPrivate: boolean,
  ) {}

  private scope(auth: AuthContext, id?: number): SQL {
    return and(
      eq(dataSources.tenantOfficeId, tenantOf(auth)),
      id === undefined ? undefined : eq(dataSources.id, id),
    )!;
  }

  /** One page of the caller's tenant's sources, by name or URL, sorted and paged in SQL. */
  async list(auth: AuthContext, q: DataSourceListQuery & { pageNo: number; pageSize: number }) {
    const word = q.keyword?.trim().toLowerCase();
    const pattern = `%${escapeLike(word ?? '')}%`;
    const where = and(
      this.scope(auth),
      word
        ? sql`(lower(${dataSources.name}) like ${pattern} or lower(${dataSources.url}) like ${pattern})`
        : undefined,
    );
    const column = {
      name: dataSources.name,
      lastFetchedAt: dataSources.lastFetchedAt,
      updatedAt: dataSources.updatedAt,
    }[q.sort ?? 'name'];
    const direction = q.order === 'desc' ? desc : asc;
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(dataSources)
        .where(where)
        .orderBy(direction(column), asc(dataSources.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(dataSources)
        .where(where),
    ]);
    return {
      list: rows.map(toDataSource),
      count: Number(total?.n ?? 0),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    };
  }

  /**
   * Creates (no id) or updates a source of the caller's tenant, then fetches it at once so that the
   * answer shows whether the feed works. 400 naming the field (a non-public address is refused
   * unless allowed); 409 naming `name` when the tenant has a source of that name.
   */
  async save(auth: AuthContext, body: DataSourceSaveBody): Promise<DataSource> {
    const name = body.name.trim();
    if (!name) throw fieldError(400, 'name', 'name: is required');
    const url = body.url.trim();
    const problem = feedUrlProblem(url, this.allowPrivate);
    if (problem) throw fieldError(400, 'url', `url: ${problem}`, 'unsafeUrl');
    const titleField = body.titleField?.trim() || 'title';
    const values = {
      name,
      url,
      format: body.format,
      itemPath: body.format === 'json' ? (body.itemPath?.trim() ?? '') : '',
      titleField,
      textField: body.textField?.trim() ?? '',
      intervalSeconds: body.intervalSeconds,
      enabled: body.enabled ?? true,
      nextFetchAt: new Date(),
      updatedAt: new Date(),
    };
    let id: number;
    try {
      if (body.id === undefined) {
        const [row] = await this.db
          .insert(dataSources)
          .values({ ...values, tenantOfficeId: tenantOf(auth), createdBy: auth.userId })
          .returning({ id: dataSources.id });
        id = row!.id;
      } else {
        const [row] = await this.db
          .update(dataSources)
          .set(values)
          .where(this.scope(auth, body.id))
          .returning({ id: dataSources.id });
        if (!row) throw notInCatalogue('data source', body.id);
        id = row.id;
      }
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      const msg = `name: your catalogue has a data source called ${name} already`;
      throw conflict(msg, 'nameTaken', { fields: { name: msg } });
    }
    return this.refresh(auth, id);
  }

  /** Deletes sources of the caller's tenant, all or nothing; 409 listing the programs whose data widgets show them. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const rows = await this.db
      .select({ id: dataSources.id })
      .from(dataSources)
      .where(and(this.scope(auth), inArray(dataSources.id, ids)));
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw notInCatalogue('data source', missing, 'ids');
    const users = await this.db
      .select({ id: programs.id, name: programs.name })
      .from(programs)
      .where(
        and(
          officesUnder(programs.officeId, auth.tenantPath),
          sql`exists (select 1 from jsonb_array_elements(${JSON.stringify(ids)}::jsonb) s(id)
            where jsonb_path_exists(${programs.document},
              '$.scenes[*].widgets[*] ? (@.type == "data" && @.props.sourceId == $s)', jsonb_build_object('s', s.id)))`,
        ),
      )
      .orderBy(asc(programs.name))
      .limit(20);
    if (users.length) {
      throw conflict(
        `Shown by programs: ${users.map((p) => p.name).join(', ')}; take their data widgets off first`,
        'dataSourceInUse',
        { field: 'ids', programs: users },
      );
    }
    await this.db.delete(dataSources).where(inArray(dataSources.id, ids));
  }

  /** Fetches a source of the caller's tenant now and answers it with the outcome. */
  async refresh(auth: AuthContext, id: number): Promise<DataSource> {
    const [row] = await this.db.select().from(dataSources).where(this.scope(auth, id));
    if (!row) throw notInCatalogue('data source', id);
    return toDataSource(await this.fetchAndStore(row));
  }

  /** The cached items of a source of the caller's tenant (the editor's preview). */
  async feed(auth: AuthContext, id: number): Promise<DataFeed> {
    const [row] = await this.db.select().from(dataSources).where(this.scope(auth, id));
    if (!row) throw notInCatalogue('data source', id);
    return feedOf(row);
  }

  /** The cached items of a source of the terminal's tenant; 404 for any other. */
  async feedForTerminal(terminalOfficeId: number | null, id: number): Promise<DataFeed> {
    const [row] =
      terminalOfficeId === null
        ? []
        : await this.db
            .select()
            .from(dataSources)
            .where(
              and(
                eq(dataSources.id, id),
                sql`${dataSources.tenantOfficeId} = ${tenantRootOf(sql`${terminalOfficeId}`)}`,
              ),
            );
    if (!row) throw fieldError(404, 'id', `id: no data source ${id} for this terminal`, 'notFound');
    return feedOf(row);
  }

  /** Fetches one source and records the outcome: items and time on success, the error otherwise (items kept). */
  async fetchAndStore(row: SourceRow): Promise<SourceRow> {
    const now = new Date();
    const next = new Date(now.getTime() + row.intervalSeconds * 1000);
    let set: Partial<SourceRow>;
    try {
      const { text } = await fetchFeed(row.url, {
        allowPrivate: this.allowPrivate,
        timeoutMs: DATA_SOURCE_LIMITS.timeoutMs,
        maxBytes: DATA_SOURCE_LIMITS.maxBytes,
      });
      const items = parseFeed(text, row);
      set = {
        items,
        itemsFetchedAt: now,
        lastStatus: 'ok',
        lastError: null,
        lastFetchedAt: now,
        nextFetchAt: next,
      };
    } catch (err) {
      const message = err instanceof FeedError ? err.message : `fetch failed: ${(err as Error).message}`;
      set = { lastStatus: 'error', lastError: message.slice(0, 500), lastFetchedAt: now, nextFetchAt: next };
    }
    const [updated] = await this.db
      .update(dataSources)
      .set(set)
      .where(eq(dataSources.id, row.id))
      .returning();
    return updated ?? { ...row, ...set };
  }

  /**
   * Claims the sources whose fetch is due (moving their next fetch on in the same statement, so
   * that several instances never fetch one source twice) and fetches them one after another.
   */
  async fetchDue(limit = 5): Promise<number> {
    const claimed = (await this.db.execute(sql`
      update ${dataSources} set next_fetch_at = now() + make_interval(secs => interval_seconds)
      where id in (select id from ${dataSources} where enabled and next_fetch_at <= now()
        order by next_fetch_at limit ${limit} for update skip locked)
      returning id`)) as unknown as { rows: { id: number }[] };
    const ids = claimed.rows.map((r) => Number(r.id));
    if (!ids.length) return 0;
    const rows = await this.db.select().from(dataSources).where(inArray(dataSources.id, ids));
    for (const row of rows) await this.fetchAndStore(row);
    return rows.length;
  }
}
