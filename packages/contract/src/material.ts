import { Type, type Static } from 'typebox';

/** Material kinds, decided from a file's content (magic bytes), never from its name. */
export const MATERIAL_KIND_VALUES = ['image', 'video', 'audio', 'document', 'html', 'apk'] as const;
export type MaterialKind = (typeof MATERIAL_KIND_VALUES)[number];

/** Review states: `approved` at once while the audit switch (`auditOpen`) is off. */
export const REVIEW_STATE_VALUES = ['pending', 'approved', 'rejected'] as const;
export type MaterialReviewState = (typeof REVIEW_STATE_VALUES)[number];

/** Processing states of a stored file (thumbnails, probing, transcoding, page rendering). */
export const PROCESS_STATE_VALUES = ['queued', 'running', 'done', 'failed'] as const;
export type MaterialProcessState = (typeof PROCESS_STATE_VALUES)[number];

/** Columns the material list sorts by. */
export const MATERIAL_SORT_FIELDS = ['name', 'size', 'createdAt', 'kind'] as const;
export type MaterialSortField = (typeof MATERIAL_SORT_FIELDS)[number];

/** The tus endpoint of resumable uploads (under the API base). */
export const MATERIAL_TUS_PATH = '/a/api/file/tus/';
/**
 * Chunk size the console sends per PATCH. Each PATCH has a fixed cost on the server (session,
 * ownership, store bookkeeping: ≈ 6 ms of CPU), so larger chunks upload faster (bench/README.md); a
 * dropped PATCH loses nothing, as the server keeps the bytes that arrived and the resume starts there.
 */
export const MATERIAL_UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;
/** Longest material or folder name. */
export const MATERIAL_NAME_MAX = 200;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** One material as lists and grids show it (GET /a/api/material/list). */
export const MaterialSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum([...MATERIAL_KIND_VALUES]),
  size: Type.Integer({ description: 'Bytes' }),
  md5: Type.String(),
  mime: Type.String(),
  folderId: Nullable(Type.Integer()),
  officeId: Type.Integer(),
  officeName: Type.String(),
  createdBy: Nullable(Type.Integer()),
  creatorName: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  durationMs: Nullable(Type.Integer()),
  shared: Type.Boolean(),
  reviewState: Type.Enum([...REVIEW_STATE_VALUES]),
  reviewNote: Nullable(Type.String()),
  processState: Type.Enum([...PROCESS_STATE_VALUES]),
  processProgress: Type.Integer({ minimum: 0, maximum: 100 }),
  processError: Nullable(Type.String()),
  /** URL of the thumbnail (null while none exists). */
  thumbUrl: Nullable(Type.String()),
  /** URL of the original bytes (`getFile`). */
  fileUrl: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
});
export type Material = Static<typeof MaterialSchema>;

/** Where a material is used (programs, plans, messages...): one entry per user of it. */
export const MaterialUsageSchema = Type.Object({
  type: Type.String({ description: 'program, plan, message, ...' }),
  id: Type.Integer(),
  name: Type.String(),
});
export type MaterialUsage = Static<typeof MaterialUsageSchema>;

/** A material with everything the details panel shows (GET /a/api/material/detail). */
export const MaterialDetailSchema = Type.Object({
  ...MaterialSchema.properties,
  folderPath: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  videoCodec: Nullable(Type.String()),
  audioCodec: Nullable(Type.String()),
  pages: Nullable(Type.Integer()),
  /** URLs of rendered PDF pages, of the poster frame, of the converted (playable) file. */
  pageUrls: Type.Array(Type.String()),
  posterUrl: Nullable(Type.String()),
  convertedUrl: Nullable(Type.String()),
  usedBy: Type.Array(MaterialUsageSchema),
  reviewedAt: Nullable(Type.String()),
  reviewerName: Nullable(Type.String()),
});
export type MaterialDetail = Static<typeof MaterialDetailSchema>;

/** A folder of the library (GET /a/api/material/folder/tree answers them flat, parents first). */
export const MaterialFolderSchema = Type.Object({
  id: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  name: Type.String(),
  officeId: Type.Integer(),
  materialCount: Type.Integer(),
  childCount: Type.Integer(),
});
export type MaterialFolder = Static<typeof MaterialFolderSchema>;

/** Storage use and room of the caller's tenant (GET /a/api/material/capacity). */
export const StorageCapacitySchema = Type.Object({
  /** Bytes the tenant's materials hold (each stored file counted once) plus running uploads. */
  usedBytes: Type.Integer(),
  /** The tightest quota over the tenant and its agents, in bytes; null = no quota (or capacity flag off). */
  quotaBytes: Nullable(Type.Integer()),
  /** Which office's quota that is (the customer itself or an agent above it). */
  quotaOfficeName: Nullable(Type.String()),
  /** Largest single upload allowed by the upload-limit setting, in bytes (spec 9: off → 10240 MB). */
  uploadLimitBytes: Type.Integer(),
});
export type StorageCapacity = Static<typeof StorageCapacitySchema>;

/** Answer of the MD5 checks (instant upload): whether the bytes are already held where the caller may link them. */
export const Md5CheckSchema = Type.Object({
  exists: Type.Boolean(),
  /** Set when `exists` and a link was made: the caller's new material. */
  material: Nullable(MaterialSchema),
});
export type Md5Check = Static<typeof Md5CheckSchema>;

/** Processing progress of materials (GET /a/api/file/convertProgress). */
export const ConvertProgressSchema = Type.Object({
  id: Type.Integer({ description: 'Material id' }),
  processState: Type.Enum([...PROCESS_STATE_VALUES]),
  processProgress: Type.Integer({ minimum: 0, maximum: 100 }),
  processError: Nullable(Type.String()),
});
export type ConvertProgress = Static<typeof ConvertProgressSchema>;
