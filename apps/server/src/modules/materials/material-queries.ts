import { API_BASE, MATERIAL_NAME_MAX, type Material, type MaterialSortField } from '@apm/contract';
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  materialFiles,
  materials,
  offices,
  users,
  type MaterialKindValue,
  type ProcessState,
  type ReviewState,
} from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Materials the caller may see: their data range, plus platform materials shared with every tenant. */
export const materialReadable = (auth: AuthContext): SQL =>
  or(dataScope(auth, materials.officeId, materials.createdBy), eq(materials.shared, true))!;

/** Materials the caller may change: their data range only (shared platform materials are read-only to tenants). */
export const materialEditable = (auth: AuthContext): SQL =>
  dataScope(auth, materials.officeId, materials.createdBy);

/** URL of a material's original bytes. */
export const fileUrl = (id: number) => `${API_BASE}/a/api/file/getFile?id=${id}`;

/** URL of something derived from a material's file (`page` is 1-based). */
export const derivedUrl = (id: number, variant: 'thumb' | 'poster' | 'converted' | 'page', page?: number) =>
  `${API_BASE}/a/api/file/getFileHandlex?id=${id}&variant=${variant}${page ? `&page=${page}` : ''}`;

/** The columns of a {@link Material}, over materials ⋈ material_files ⋈ offices ⟕ users. */
export const materialColumns = {
  id: materials.id,
  name: materials.name,
  kind: materials.kind,
  size: materials.size,
  md5: materials.md5,
  mime: materialFiles.mime,
  folderId: materials.folderId,
  officeId: materials.officeId,
  officeName: offices.name,
  createdBy: materials.createdBy,
  creatorName: users.name,
  width: materialFiles.width,
  height: materialFiles.height,
  durationMs: materialFiles.durationMs,
  shared: materials.shared,
  reviewState: materials.reviewState,
  reviewNote: materials.reviewNote,
  processState: materialFiles.processState,
  processProgress: materialFiles.processProgress,
  processError: materialFiles.processError,
  customThumb: materials.thumbPath,
  fileThumb: materialFiles.thumbPath,
  createdAt: materials.createdAt,
};

type MaterialRow = Awaited<ReturnType<typeof selectMaterials>>[number];

/** A material row as the API answers it. */
export const toMaterial = ({ customThumb, fileThumb, ...row }: MaterialRow): Material => ({
  ...row,
  size: Number(row.size),
  thumbUrl: customThumb || fileThumb ? derivedUrl(row.id, 'thumb') : null,
  fileUrl: fileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
});

/** Materials with their file, office and uploader joined, for selects of {@link materialColumns}. */
export function selectMaterials(db: Database) {
  return db
    .select(materialColumns)
    .from(materials)
    .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
    .innerJoin(offices, eq(offices.id, materials.officeId))
    .leftJoin(users, eq(users.id, materials.createdBy));
}

/** Filters of the material list (and of the review list). */
export interface MaterialFilters {
  /** A folder's materials; 0 = top level; absent = every folder. */
  folderId?: number;
  kind?: MaterialKindValue;
  reviewState?: ReviewState;
  processState?: ProcessState;
  createdBy?: number;
  /** ISO 8601 date or time, inclusive; a date alone means its whole day (UTC). */
  dateFrom?: string;
  dateTo?: string;
  /** Part of the name, case-insensitive. */
  keyword?: string;
}

/** Sort and page of a material list. */
export interface MaterialPaging {
  pageNo: number;
  pageSize: number;
  sortField?: MaterialSortField;
  sortOrder?: 'asc' | 'desc';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Reads a date filter; `end` makes a date alone exclusive at the start of the next day. */
function parseDate(value: string | undefined, field: string, end: boolean): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const time = DATE_TIME.test(text) ? new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text) : null;
  if (!time || Number.isNaN(time.getTime())) {
    throw fieldError(400, field, `${field} must be an ISO 8601 date or time`);
  }
  if (end && DATE_ONLY.test(text)) time.setUTCDate(time.getUTCDate() + 1);
  return time;
}

/** WHERE conditions of the filters (scope not included); 400 naming the field on bad input. */
export function materialFilterConditions(f: MaterialFilters): SQL[] {
  const conds: SQL[] = [];
  if (f.folderId === 0) conds.push(isNull(materials.folderId));
  else if (f.folderId !== undefined) conds.push(eq(materials.folderId, f.folderId));
  if (f.kind) conds.push(eq(materials.kind, f.kind));
  if (f.reviewState) conds.push(eq(materials.reviewState, f.reviewState));
  if (f.processState) conds.push(eq(materialFiles.processState, f.processState));
  if (f.createdBy !== undefined) conds.push(eq(materials.createdBy, f.createdBy));
  const from = parseDate(f.dateFrom, 'dateFrom', false);
  const to = parseDate(f.dateTo, 'dateTo', true);
  if (from && to && from >= to) throw fieldError(400, 'dateTo', 'dateTo must not be before dateFrom');
  if (from) conds.push(gte(materials.createdAt, from));
  if (to) {
    // A time is inclusive; a date alone was moved to the next midnight, exclusive.
    conds.push(
      DATE_ONLY.test(f.dateTo!.trim()) ? lt(materials.createdAt, to) : sql`${materials.createdAt} <= ${to}`,
    );
  }
  const keyword = f.keyword?.trim();
  if (keyword) conds.push(sql`lower(${materials.name}) like ${`%${escapeLike(keyword.toLowerCase())}%`}`);
  return conds;
}

const SORT_COLUMNS = {
  name: materials.name,
  size: materials.size,
  createdAt: materials.createdAt,
  kind: materials.kind,
} as const;

/** One page of materials matching `scope` and the filters, sorted on the server. */
export async function pageMaterials(
  db: Database,
  scope: SQL,
  filters: MaterialFilters,
  paging: MaterialPaging,
) {
  const where = and(scope, ...materialFilterConditions(filters));
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(materials)
    .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
    .where(where);
  const order = paging.sortOrder === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[paging.sortField ?? 'createdAt'];
  const rows = await selectMaterials(db)
    .where(where)
    .orderBy(order(column), order(materials.id))
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize);
  return {
    list: rows.map(toMaterial),
    count: Number(total?.n ?? 0),
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
  };
}

/** A trimmed material or folder name; 400 naming `name` when empty, too long or holding slashes or control characters. */
export function checkName(raw: string, field = 'name'): string {
  const name = raw.trim();
  if (!name) throw fieldError(400, field, `${field} is required`);
  if (name.length > MATERIAL_NAME_MAX) {
    throw fieldError(400, field, `${field} is longer than ${MATERIAL_NAME_MAX} characters`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f/\\]/.test(name)) {
    throw fieldError(400, field, `${field} must not contain slashes or control characters`);
  }
  return name;
}
