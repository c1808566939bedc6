import type { IncomingMessage } from 'node:http';
import { rm } from 'node:fs/promises';
import { API_BASE, MATERIAL_TUS_PATH } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Metadata, Server, type Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { fail } from '../../../lib/envelope.js';
import { readToken, SESSION_COOKIE } from '../../../plugins/auth.js';
import { SESSION_TTL_MS } from '../../auth/session-service.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { UploadFinisher, type FinishedUpload } from './finished-uploads.js';
import { uploadLocker } from './tus-locker.js';
import { patchUpload } from './tus-patch.js';
import { wakeMaterialJobs } from './wake.js';

const tags = ['file'];
/** Route of the tus endpoint, without its trailing slash. */
const TUS = MATERIAL_TUS_PATH.replace(/\/$/, '');
const access = 'res:material:add' as const;
/** Header of the finishing response naming the new material. */
export const MATERIAL_ID_HEADER = 'Material-Id';

const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'Upload id' }) });

/** The upload id a creating request reserved, for the tus naming function. */
const reserved = new WeakMap<IncomingMessage, string>();

/** A tus request's Node request (srvx keeps it on `runtime.node`). */
const nodeRequest = (req: Request): IncomingMessage | undefined =>
  (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** Reads one Upload-Metadata value (tus: comma-separated `key base64value` pairs). */
function metadata(header: string | undefined): Record<string, string | null> {
  if (!header) return {};
  try {
    return Metadata.parse(header) as Record<string, string | null>;
  } catch {
    throw badRequest('Upload-Metadata is malformed: comma-separated "key base64value" pairs', 'validation');
  }
}

/** Declared size of a new upload: Upload-Length required, deferred length refused. */
function declaredLength(request: FastifyRequest): number {
  if (request.headers['upload-defer-length'] !== undefined) {
    throw badRequest('Upload-Defer-Length is not supported: declare Upload-Length', 'validation');
  }
  const raw = request.headers['upload-length'];
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) {
    throw badRequest('Upload-Length is required: the size of the file in bytes', 'validation');
  }
  return Number(raw);
}

function parseFolderId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (!/^\d{1,10}$/.test(raw)) throw badRequest('folderId must be a folder id', 'validation');
  return Number(raw);
}

/**
 * Resumable uploads (tus 1.0, `@tus/server`) at `/a/api/file/tus/`: creation checks every limit
 * before a byte is stored, an upload id is bound to the user who created it, bytes are hashed while
 * they stream to disk, and the last byte turns the upload into a material.
 */
const tusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { materialUploads: uploads } = app.services;
  const { store, expiry } = uploads;

  // One lock per upload (across instances on PostgreSQL), shared by @tus/server (POST, HEAD) and our PATCH.
  const locker = uploadLocker(app.services.clusterLocks);
  const tus = new Server({
    path: API_BASE + TUS,
    datastore: store,
    locker,
    relativeLocation: true,
    exposedHeaders: [MATERIAL_ID_HEADER],
    namingFunction: (req) => {
      const id = nodeRequest(req) && reserved.get(nodeRequest(req)!);
      if (!id) throw { status_code: 400, body: 'Upload not reserved\n' };
      return id;
    },
    onUploadFinish: async (_req, upload: Upload) => {
      const materialId = await finishUpload(upload);
      return { headers: { [MATERIAL_ID_HEADER]: String(materialId) } };
    },
    onResponseError: (_req, err) => {
      if (err instanceof AppError) {
        return {
          status_code: err.statusCode,
          body: JSON.stringify(fail(err.statusCode, err.message, { reason: err.reason, ...err.extra })),
        };
      }
      if (err instanceof Error) app.log.error({ err }, 'tus upload failed');
      return undefined;
    },
  });

  const finisher = new UploadFinisher(app.services.clusterLocks, app.services.cluster);

  /** Turns a complete upload into a material, once however many requests ask; answers its id. */
  async function finishUpload(upload: Upload): Promise<number> {
    return (await finisher.finish(upload.id, () => finishOnce(upload))).materialId;
  }

  /** The finishing itself; the upload is released whatever the outcome. */
  async function finishOnce(upload: Upload): Promise<FinishedUpload> {
    const row = await uploads.upload(upload.id);
    try {
      if (!row) throw notFound('No such upload');
      const size = upload.size ?? row.size;
      const materialId = await uploads.finish({
        tempPath: store.filePath(upload.id),
        size,
        md5: await store.md5(upload.id, size),
        claimedMd5: row.md5,
        name: row.name,
        folderId: row.folderId,
        userId: row.userId,
        officeId: row.officeId,
      });
      wakeMaterialJobs(app);
      return { materialId, size, userId: row.userId };
    } finally {
      store.forget(upload.id);
      await uploads.release(upload.id);
      await rm(`${store.filePath(upload.id)}.json`, { force: true });
    }
  }

  /**
   * Hands the request to tus, keeping headers our hooks set. A hijacked reply skips the cookie
   * plugin's onSend, so the renewed session cookie (same options as the auth plugin's) is written
   * here: a long upload of many chunks keeps the session alive.
   */
  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    const token = readToken(request);
    if (token && request.auth) {
      const cookie = app.serializeCookie(SESSION_COOKIE, `Bearer ${token}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: SESSION_TTL_MS / 1000,
      });
      reply.raw.setHeader('Set-Cookie', cookie);
    }
    await tus.handle(request.raw, reply.raw);
  }

  /** Only the user who created an upload may see or touch it (also once finished); anyone else gets 404. */
  async function ownUpload(request: FastifyRequest<{ Params: { id: string } }>): Promise<void> {
    const { id } = request.params;
    const userId = request.auth!.userId;
    if (!(await finisher.finished(id, userId)) && !(await uploads.uploadOf(id, userId)))
      throw notFound('No such upload');
  }

  // tus bodies stream to the store untouched.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  // One sweep for the cluster: the leader's.
  let stopSweeping = () => {};
  app.addHook('onReady', async () => {
    stopSweeping = app.services.leader.whileLeader(expiry);
  });
  app.addHook('onClose', async () => {
    stopSweeping();
    await store.close();
  });

  app.post(
    TUS,
    {
      config: { access },
      schema: {
        tags,
        summary:
          'tus: create an upload (Upload-Length, Upload-Metadata filename, folderId?, md5?); checked against ' +
          'name, size, upload limit, storage quota and folder before any byte is stored',
      },
    },
    async (request, reply) => {
      const size = declaredLength(request);
      if (request.headers['upload-concat'] !== undefined) throw badRequest('Upload-Concat is not supported');
      const meta = metadata(request.headers['upload-metadata'] as string | undefined);
      const row = await uploads.reserve(request.auth!, {
        filename: meta.filename ?? meta.name,
        size,
        folderId: parseFolderId(meta.folderId),
        md5: meta.md5,
      });
      reserved.set(request.raw, row.id);
      try {
        await forward(request, reply);
      } finally {
        if (reply.raw.statusCode >= 400) await uploads.release(row.id);
      }
    },
  );

  /**
   * HEAD of an upload that is complete: one finished lately (its answer may have been lost), or
   * one whose bytes all arrived but whose finish never ran (the server stopped in between), which
   * is finished now. Answers 200 with the full offset and the material's id; false otherwise.
   */
  async function answerComplete(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const id = request.params.id;
    const userId = request.auth!.userId;
    // A finish that ran, or runs now (another HEAD's or the last PATCH's), has the answer.
    const settled = async () => (await finisher.finished(id, userId)) ?? (await finisher.running(id));
    let done = await settled();
    if (!done) {
      const upload = await store.getUpload(id).catch(() => null);
      if (upload?.size !== undefined && upload.offset === upload.size) {
        done = { materialId: await finishUpload(upload), size: upload.size, userId };
      } else {
        // Its files may have gone because a finish started after the first look: ask again.
        done = await settled();
      }
      if (!done) return false;
    }
    await reply
      .headers({
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(done.size),
        'Upload-Length': String(done.size),
        'Cache-Control': 'no-store',
        [MATERIAL_ID_HEADER]: String(done.materialId),
      })
      .status(200)
      .send();
    return true;
  }

  app.head(
    `${TUS}/:id`,
    {
      config: { access, audit: false },
      schema: { tags, summary: "tus: offset of the caller's own upload", params: IdParams },
      preHandler: ownUpload,
    },
    async (request, reply) => {
      if (!(await answerComplete(request, reply))) await forward(request, reply);
    },
  );

  const patchDeps = { store, locker, finish: finishUpload, materialIdHeader: MATERIAL_ID_HEADER };
  app.patch(
    `${TUS}/:id`,
    {
      // Each chunk would be an audit entry; the upload's creation (POST) is recorded instead.
      config: { access, audit: false },
      schema: {
        tags,
        summary:
          "tus: append bytes at Upload-Offset to the caller's own upload (body application/offset+octet-stream); " +
          'the last byte checks MD5 and content and stores the material (Material-Id header)',
        params: IdParams,
      },
      preHandler: ownUpload,
    },
    (request, reply) => patchUpload(patchDeps, request, reply),
  );

  // Termination is answered here, so that the record is gone when the client hears 204.
  app.delete(
    `${TUS}/:id`,
    {
      config: { access },
      schema: {
        tags,
        summary: "tus: terminate the caller's own upload (partial bytes removed)",
        params: IdParams,
      },
      preHandler: ownUpload,
    },
    async (request, reply) => {
      const { id } = request.params;
      await uploads.release(id);
      await store.remove(id).catch(() => undefined);
      await rm(`${store.filePath(id)}.json`, { force: true });
      return reply.header('Tus-Resumable', '1.0.0').status(204).send();
    },
  );

  app.route({
    method: 'OPTIONS',
    url: TUS,
    config: { access },
    schema: { tags, summary: 'tus: protocol versions and extensions the server supports' },
    handler: forward,
  });
};

export default tusRoutes;
