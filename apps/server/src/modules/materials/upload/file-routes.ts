import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { EnvelopeOf, formatBytes, MATERIAL_NAME_MAX, MaterialSchema, Md5CheckSchema } from '@apm/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../lib/envelope.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { hashInto } from './hashing-store.js';
import { loadMaterial } from './material-view.js';
import { sanitizeFileName } from './names.js';
import { customThumbnail } from './thumbnail.js';
import { normaliseMd5 } from './upload-service.js';
import { wakeMaterialJobs } from './wake.js';

const tags = ['file'];
const BASE = '/a/api/file';
const MAX_ID = 2_147_483_647;
/** Multipart framing and small fields never take more than this beside the file itself. */
const MULTIPART_SLACK = 64 * 1024;
/** Largest source image of a custom thumbnail. */
const THUMB_SOURCE_MAX = 20 * 1024 * 1024;

const Md5 = Type.String({ pattern: '^[0-9a-fA-F]{32}$', description: 'Hex MD5 of the bytes' });
const Size = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Bytes' });
const MaterialEnvelope = EnvelopeOf(MaterialSchema);

/** A multipart text field sent before the file, or undefined. */
function field(part: MultipartFile, name: string): string | undefined {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && one.type === 'field' ? String(one.value) : undefined;
}

function optionalId(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === '' || raw === 'null') return null;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID)
    throw badRequest(`${name} must be an id`, 'validation');
  return Number(raw);
}

/** One-shot uploads (`uploader`), custom thumbnails (`uploadThumb`) and the MD5 checks of instant upload. */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { materialUploads: uploads, storageCapacity: capacity, filesDir } = app.services;

  app.post(
    `${BASE}/uploader`,
    {
      config: { access: 'res:material:add' },
      schema: {
        tags,
        summary:
          'Upload one file in one multipart request (fields folderId and md5 before the file part); ' +
          'same checks and finish as the resumable upload',
        consumes: ['multipart/form-data'],
        response: { 200: MaterialEnvelope },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > MULTIPART_SLACK) await capacity.assertRoom(auth, declared - MULTIPART_SLACK);
      const limit = await capacity.uploadLimitBytes();
      const part = await request.file({ limits: { fileSize: limit, files: 1 } });
      if (!part) throw badRequest('file is required: a multipart part named file', 'validation');
      const name = sanitizeFileName(part.filename, 'file');
      const claimedMd5 = normaliseMd5(field(part, 'md5'));
      const folderId = await uploads.assertFolder(auth, optionalId(field(part, 'folderId'), 'folderId'));
      await mkdir(filesDir.uploadsDir, { recursive: true });
      const tempPath = path.join(filesDir.uploadsDir, `mp-${randomBytes(12).toString('hex')}`);
      let received: { md5: string; size: number };
      try {
        received = await hashInto(
          uploads.store.hasher,
          path.basename(tempPath),
          tempPath,
          part.file,
          createWriteStream(tempPath),
        );
        if (part.file.truncated) {
          throw new AppError(
            413,
            `The file exceeds the upload limit of ${formatBytes(limit)}`,
            'uploadLimit',
          );
        }
        if (received.size === 0)
          throw badRequest('The file is empty: size must be more than 0 bytes', 'emptyFile');
      } catch (err) {
        await rm(tempPath, { force: true });
        throw err;
      }
      const id = await uploads.finishWithinCapacity(auth, {
        tempPath,
        ...received,
        claimedMd5,
        name,
        folderId,
        userId: auth.userId,
        officeId: auth.officeId,
      });
      wakeMaterialJobs(app);
      return ok(await loadMaterial(app.db, id));
    },
  );

  app.post(
    `${BASE}/uploadThumb`,
    {
      config: { access: 'res:material:edit' },
      schema: {
        tags,
        summary: 'Set a custom thumbnail of material id (image file; stored as a 320 px WebP)',
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })) }),
        response: { 200: MaterialEnvelope },
      },
    },
    async (request) => {
      const part = await request.file({ limits: { fileSize: THUMB_SOURCE_MAX, files: 1 } });
      if (!part) throw badRequest('file is required: an image part named file', 'validation');
      const id = request.query.id ?? optionalId(field(part, 'id'), 'id');
      if (!id) throw badRequest('id is required: the material to set the thumbnail of', 'validation');
      const image = await part.toBuffer();
      await customThumbnail(app.db, filesDir, request.auth!, id, image);
      return ok(await loadMaterial(app.db, id));
    },
  );

  app.get(
    `${BASE}/md5Check`,
    {
      // Only uploaders need it (instant upload), and it answers only for files they could link anyway.
      config: { access: 'res:material:add' },
      schema: {
        tags,
        summary:
          'Whether bytes with this MD5 and size are held where the caller may link them (its tenant, its own ' +
          'files for personal, or shared platform files); links nothing',
        querystring: Type.Object({
          md5: Md5,
          size: Size,
          scope: Type.Optional(
            Type.Enum(['material', 'widget', 'common', 'personal'], { default: 'material' }),
          ),
        }),
        response: { 200: EnvelopeOf(Md5CheckSchema) },
      },
    },
    async (request) => {
      const { md5, size, scope } = request.query;
      const held = await uploads.heldFile(request.auth!, md5.toLowerCase(), size, scope ?? 'material');
      return ok({ exists: Boolean(held), material: null });
    },
  );

  app.post(
    `${BASE}/instantUpload`,
    {
      config: { access: 'res:material:add' },
      schema: {
        tags,
        summary:
          'Instant upload: link a held file (same MD5 and size) as a new material of the caller; 404 when not held',
        body: Type.Object({
          md5: Md5,
          size: Size,
          name: Type.String({ minLength: 1, maxLength: MATERIAL_NAME_MAX * 4 }),
          folderId: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ID }), Type.Null()])),
        }),
        response: { 200: EnvelopeOf(Md5CheckSchema) },
      },
    },
    async (request) => {
      const id = await uploads.instant(request.auth!, request.body);
      return ok({ exists: true, material: await loadMaterial(app.db, id) });
    },
  );
};

export default fileRoutes;
