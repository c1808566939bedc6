import {
  DICT_DESCRIPTION_MAX,
  DICT_LABEL_MAX,
  DICT_TYPE_PATTERN,
  DICT_VALUE_PATTERN,
  Languages,
  type DictEntry,
  type DictLabels,
  type DictOption,
  type DictSortField,
  type DictType,
  type Language,
} from '@apm/contract';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dictEntries, offices } from '../../db/schema/index.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError, requirePermission } from '../users/user-access.js';

/** Filters, sort and page of the dictionary list. */
export interface DictListQuery {
  pageNo: number;
  pageSize: number;
  /** Part of the type, value or any label. */
  keyword?: string;
  type?: string;
  sortField?: DictSortField;
  sortOrder?: 'asc' | 'desc';
}

/** What saving an entry takes, before validation (`labels` may be a JSON string from a form body). */
export interface DictSaveInput {
  id?: number;
  type: string;
  value: string;
  labels: unknown;
  description?: string | null;
  sort?: number;
  enabled?: boolean;
}

const SORT_COLUMNS = {
  type: dictEntries.type,
  value: dictEntries.value,
  sort: dictEntries.sort,
  updatedAt: dictEntries.updatedAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether the caller belongs to the platform (their tenant root is the platform office), not to a tenant. */
export async function isPlatformUser(db: Database, auth: AuthContext): Promise<boolean> {
  const [row] = await db
    .select({ kind: offices.kind })
    .from(offices)
    .where(eq(offices.path, auth.tenantPath));
  return row?.kind === 'platform';
}

/** 403 unless the caller is a platform user: platform-wide data is not a tenant's to change. */
export async function requirePlatformUser(db: Database, auth: AuthContext, what: string): Promise<void> {
  if (await isPlatformUser(db, auth)) return;
  throw forbidden(`Request denied: only platform users may change ${what}`, 'platformOnly');
}

/** Parses and checks the seven labels; 400 naming `labels.<LANG>` for a missing or too long one. */
function parseLabels(raw: unknown): DictLabels {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw fieldError(400, 'labels', 'labels must be an object with one label per language');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError(400, 'labels', 'labels must be an object with one label per language');
  }
  const record = value as Record<string, unknown>;
  const labels = {} as DictLabels;
  for (const lang of Languages) {
    const label = typeof record[lang] === 'string' ? (record[lang] as string).trim() : '';
    if (!label) throw fieldError(400, `labels.${lang}`, `labels.${lang} is required`);
    if (label.length > DICT_LABEL_MAX) {
      throw fieldError(400, `labels.${lang}`, `labels.${lang} is longer than ${DICT_LABEL_MAX} characters`);
    }
    labels[lang] = label;
  }
  return labels;
}

const toEntry = (row: typeof dictEntries.$inferSelect): DictEntry => ({
  id: row.id,
  type: row.type,
  value: row.value,
  labels: row.labels as DictLabels,
  description: row.description,
  sort: row.sort,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Dictionary management: typed value lists with labels per language, platform-wide. */
export class DictionaryService {
  constructor(private readonly db: Database) {}

  /** One page of entries; searched, filtered, sorted and paged in SQL. */
  async list(q: DictListQuery) {
    const conds: (SQL | undefined)[] = [];
    if (q.type) conds.push(eq(dictEntries.type, q.type));
    const keyword = q.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      conds.push(
        or(
          sql`${dictEntries.type} ilike ${pattern}`,
          sql`${dictEntries.value} ilike ${pattern}`,
          sql`exists (select 1 from jsonb_each_text(${dictEntries.labels}) as l where l.value ilike ${pattern})`,
        ),
      );
    }
    const where = and(...conds);
    const [total] = await this.db.select({ n: count() }).from(dictEntries).where(where);
    const order = q.sortOrder === 'desc' ? desc : asc;
    const sortField = q.sortField ?? 'type';
    const orderBy =
      sortField === 'type'
        ? [order(dictEntries.type), asc(dictEntries.sort), asc(dictEntries.value)]
        : [order(SORT_COLUMNS[sortField]), asc(dictEntries.id)];
    const rows = await this.db
      .select()
      .from(dictEntries)
      .where(where)
      .orderBy(...orderBy)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return { list: rows.map(toEntry), count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** Every type with the number of its entries, by name. */
  async types(): Promise<DictType[]> {
    return this.db
      .select({ type: dictEntries.type, count: count() })
      .from(dictEntries)
      .groupBy(dictEntries.type)
      .orderBy(asc(dictEntries.type));
  }

  /** The enabled entries of a type, in order, each labelled in `language`. */
  async byType(type: string, language: Language): Promise<DictOption[]> {
    const rows = await this.db
      .select({ value: dictEntries.value, labels: dictEntries.labels })
      .from(dictEntries)
      .where(and(eq(dictEntries.type, type), eq(dictEntries.enabled, true)))
      .orderBy(asc(dictEntries.sort), asc(dictEntries.value));
    return rows.map((r) => ({ value: r.value, label: r.labels[language] ?? r.labels.US ?? r.value }));
  }

  /** Creates (no id) or edits an entry after checking every field; 409 naming the value when taken. */
  async save(auth: AuthContext, input: DictSaveInput): Promise<{ id: number }> {
    requirePermission(auth, input.id === undefined ? 'sys:dict:add' : 'sys:dict:edit');
    await requirePlatformUser(this.db, auth, 'the dictionary');
    const type = input.type.trim();
    const value = input.value.trim();
    if (!new RegExp(DICT_TYPE_PATTERN).test(type)) {
      throw fieldError(
        400,
        'type',
        'type must start with a letter and hold only letters, digits, "_", "." or "-" (at most 64)',
      );
    }
    if (!new RegExp(DICT_VALUE_PATTERN).test(value)) {
      throw fieldError(400, 'value', 'value must hold 1 to 64 letters, digits, "_", ".", ":" or "-"');
    }
    const labels = parseLabels(input.labels);
    const description = input.description?.trim() || null;
    if (description && description.length > DICT_DESCRIPTION_MAX) {
      throw fieldError(400, 'description', `description is longer than ${DICT_DESCRIPTION_MAX} characters`);
    }
    const [taken] = await this.db
      .select({ id: dictEntries.id })
      .from(dictEntries)
      .where(
        and(
          eq(dictEntries.type, type),
          eq(dictEntries.value, value),
          input.id !== undefined ? ne(dictEntries.id, input.id) : undefined,
        ),
      );
    if (taken) {
      throw new AppError(409, `The value ${value} already exists in type ${type}`, 'duplicateValue', {
        fields: { value: `The value ${value} already exists in type ${type}` },
      });
    }
    const values = {
      type,
      value,
      labels,
      description,
      sort: input.sort ?? 0,
      enabled: input.enabled ?? true,
    };
    if (input.id === undefined) {
      const [row] = await this.db.insert(dictEntries).values(values).returning({ id: dictEntries.id });
      return { id: row!.id };
    }
    const [row] = await this.db
      .update(dictEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(dictEntries.id, input.id))
      .returning({ id: dictEntries.id });
    if (!row) throw fieldError(404, 'id', `No such dictionary entry: ${input.id}`, 'notFound');
    return { id: row.id };
  }

  /** Deletes entries (all or none: 404 naming unknown ids). */
  async delete(auth: AuthContext, ids: readonly number[]): Promise<number> {
    await requirePlatformUser(this.db, auth, 'the dictionary');
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: dictEntries.id })
        .from(dictEntries)
        .where(inArray(dictEntries.id, [...ids]));
      const missing = ids.filter((id) => !found.some((r) => r.id === id));
      if (missing.length) {
        throw new AppError(404, `No such dictionary entry: ${missing.join(', ')}`, 'notFound', {
          ids: missing,
        });
      }
      const rows = await tx
        .delete(dictEntries)
        .where(inArray(dictEntries.id, [...ids]))
        .returning({ id: dictEntries.id });
      return rows.length;
    });
  }
}
