/** Pure helpers of the material page: filters → list parameters, remembered view, polling, refusals. */
import type {
  Material,
  MaterialKind,
  MaterialProcessState,
  MaterialReviewState,
  MaterialSortField,
  MaterialUsage,
} from '@apm/contract';
import type { Dayjs } from 'dayjs';
import type { MaterialListParams } from '../../services/material';
import { RequestError } from '../../services/request';

/** Which folder the tree has selected: every folder, the top level, or one folder. */
export type FolderSelection = 'all' | 'root' | number;

/** Values of the toolbar's filters. */
export interface MaterialFilterValues {
  keyword?: string;
  kind?: MaterialKind;
  reviewState?: MaterialReviewState;
  processState?: MaterialProcessState;
  createdBy?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Sort of the list: a field and a direction, or none (the server's default, newest first). */
export interface MaterialSort {
  field?: MaterialSortField;
  order?: 'asc' | 'desc';
}

/**
 * The list call's parameters: the folder (left out for every folder, `0` for the top level), the
 * trimmed keyword, the date range as whole days in ISO 8601, and the sort.
 */
export function toMaterialListParams(
  folder: FolderSelection,
  filters: MaterialFilterValues,
  sort: MaterialSort,
  page: { pageNo: number; pageSize: number },
): MaterialListParams {
  const params: MaterialListParams = { pageNo: page.pageNo, pageSize: page.pageSize };
  if (folder !== 'all') params.folderId = folder === 'root' ? 0 : folder;
  const keyword = filters.keyword?.trim();
  if (keyword) params.keyword = keyword;
  if (filters.kind) params.kind = filters.kind;
  if (filters.reviewState) params.reviewState = filters.reviewState;
  if (filters.processState) params.processState = filters.processState;
  if (filters.createdBy !== undefined && filters.createdBy !== null) params.createdBy = filters.createdBy;
  const [from, to] = filters.range ?? [];
  if (from) params.dateFrom = from.startOf('day').toISOString();
  if (to) params.dateTo = to.endOf('day').toISOString();
  if (sort.field && sort.order) {
    params.sortField = sort.field;
    params.sortOrder = sort.order;
  }
  return params;
}

/** How the materials show: cards with thumbnails, or a table. */
export type MaterialView = 'grid' | 'list';

/** Where the chosen view is remembered. */
export const VIEW_STORAGE_KEY = 'apm.materials.view';

/** The remembered view (grid unless the list was chosen); storage failures answer the grid. */
export function readMaterialView(storage: Pick<Storage, 'getItem'> | undefined): MaterialView {
  try {
    return storage?.getItem(VIEW_STORAGE_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Remembers the chosen view (a full or blocked storage is not an error). */
export function writeMaterialView(storage: Pick<Storage, 'setItem'> | undefined, view: MaterialView): void {
  try {
    storage?.setItem(VIEW_STORAGE_KEY, view);
  } catch {
    // Private mode or a full quota: the view is simply not remembered.
  }
}

/** Ids of the materials still being processed (queued or running), whose progress is polled. */
export function processingIds(materials: readonly Pick<Material, 'id' | 'processState'>[]): number[] {
  return materials
    .filter((m) => m.processState === 'queued' || m.processState === 'running')
    .map((m) => m.id);
}

/** The users of a material a refused delete lists (`jsonObject.usedBy` or `usages`), or none. */
export function usagesOfRefusal(error: unknown): MaterialUsage[] {
  if (!(error instanceof RequestError)) return [];
  const extra = (error.jsonObject ?? {}) as { usedBy?: unknown; usages?: unknown };
  const list = Array.isArray(extra.usedBy) ? extra.usedBy : Array.isArray(extra.usages) ? extra.usages : [];
  return list.filter(
    (u): u is MaterialUsage =>
      typeof u === 'object' && u !== null && typeof (u as MaterialUsage).name === 'string',
  );
}

/** Percent of the quota used, 0–100 (rounded down to one decimal); null without a quota. */
export function usagePercent(usedBytes: number, quotaBytes: number | null): number | null {
  if (quotaBytes === null || quotaBytes <= 0) return null;
  return Math.min(100, Math.floor((usedBytes / quotaBytes) * 1000) / 10);
}

/** A duration in milliseconds as m:ss or h:mm:ss. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Users of materials whose type has a translated name (others show the server's type as is). */
export const USAGE_TYPES = ['program', 'plan', 'message'] as const;

/** The known usage type of a server type string (`programs` and `Program` count too), or undefined. */
export function usageTypeOf(type: string): (typeof USAGE_TYPES)[number] | undefined {
  const normal = type.toLowerCase().replace(/s$/, '');
  return USAGE_TYPES.find((known) => known === normal);
}

/** Drag-and-drop data type of materials dragged onto a folder. */
export const MATERIAL_DRAG_TYPE = 'application/x-apm-material-ids';

/** What dragging card `id` moves: the whole selection when the card is in it, else the card alone. */
export function dragIds(selected: ReadonlySet<number>, id: number): number[] {
  return selected.has(id) ? [...selected] : [id];
}

/** The material ids of a drop (invalid or empty data: none). */
export function parseDragIds(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}
