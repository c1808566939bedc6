import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { Lock, Locker, Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import type { HashingFileStore } from './hashing-store.js';

/** What the PATCH handler needs: the store, the lock shared with `@tus/server`, the finish hook. */
export interface TusPatchDeps {
  store: HashingFileStore;
  locker: Locker;
  /** Turns a complete upload into a material; answers its id. */
  finish(upload: Upload): Promise<number>;
  /** Header naming the new material on the finishing answer. */
  materialIdHeader: string;
}

const OCTET_STREAM = 'application/offset+octet-stream';

/** Passes at most `max` bytes; more fails the write with 413. */
function limited(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > max)
        callback(new AppError(413, `The body is larger than the ${max} bytes left of the upload`));
      else callback(null, chunk);
    },
  });
}

/** The request's Upload-Offset (400 naming the header when absent or not a byte count). */
function uploadOffset(request: FastifyRequest): number {
  const raw = request.headers['upload-offset'];
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw)) {
    throw badRequest('Upload-Offset is required: the byte offset the body starts at', 'validation');
  }
  return Number(raw);
}

/**
 * tus 1.0 PATCH: appends the body at Upload-Offset and answers the new offset; the last byte
 * finishes the upload. Answered here rather than by `@tus/server`, whose handler turns the Node
 * request into a web stream and back again (`Readable.toWeb` → `Readable.fromWeb` → proxy): that
 * round trip cost the server more CPU per GiB than writing and hashing the bytes (bench/README.md,
 * "Uploads"). The lock is the tus server's own, so a PATCH that arrives while an older one of the
 * same upload still runs (a client that reconnected) makes the older one stop first, as in tus.
 */
export async function patchUpload(
  deps: TusPatchDeps,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
): Promise<void> {
  const { id } = request.params;
  if (request.headers['tus-resumable'] !== '1.0.0') {
    throw new AppError(412, 'Tus-Resumable 1.0.0 is required', 'validation');
  }
  const offset = uploadOffset(request);
  if (request.headers['content-type'] !== OCTET_STREAM) {
    throw new AppError(415, `Content-Type must be ${OCTET_STREAM}`, 'validation');
  }
  const { store, locker } = deps;
  const source: IncomingMessage = request.raw;
  // Stops the write, with the reason the request then fails with: the client went away before its
  // body was complete, or a newer PATCH of the same upload asked for the lock. Aborting after the
  // write settled does nothing.
  const cancel = new AbortController();
  const aborted = () => cancel.abort(new AppError(400, 'The request was aborted'));
  source.once('close', () => {
    if (!source.complete) aborted();
  });
  source.on('error', aborted);
  const lock: Lock = locker.newLock(id);
  await lock
    .lock(cancel.signal, () => cancel.abort(new AppError(409, 'A newer PATCH of this upload took over')))
    .catch(() => {
      // Stopped waiting: the client went away, or an older PATCH did not let go within 30 s.
      throw cancel.signal.aborted
        ? cancel.signal.reason
        : new AppError(423, 'The upload is busy with another PATCH; try again', 'locked');
    });
  let upload: Upload;
  try {
    upload = await store.getUpload(id).catch(() => {
      throw notFound('No such upload');
    });
    const size = upload.size!;
    const created = upload.creation_date ? Date.parse(upload.creation_date) : Date.now();
    if (store.getExpiration() > 0 && Date.now() > created + store.getExpiration())
      throw new AppError(410, 'The upload has expired', 'gone');
    if (upload.offset !== offset) {
      throw new AppError(409, `Upload-Offset ${offset} does not match the ${upload.offset} bytes received`);
    }
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > size - offset) {
      throw new AppError(413, `The body (${declared} bytes) is larger than the ${size - offset} bytes left`);
    }
    if (cancel.signal.aborted) throw cancel.signal.reason;
    // `pipe`, not a pipeline from the request: a refused body must not destroy the request, whose
    // connection still carries the answer.
    const body = limited(size - offset);
    source.pipe(body);
    upload.offset = await store.write(body, id, offset, cancel.signal).catch((err: unknown) => {
      throw cancel.signal.aborted ? cancel.signal.reason : err;
    });
  } finally {
    source.unpipe();
    await lock.unlock();
  }
  const headers: Record<string, string> = {
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(upload.offset),
  };
  if (upload.offset === upload.size) {
    headers[deps.materialIdHeader] = String(await deps.finish(upload));
  } else if (upload.creation_date && store.getExpiration() > 0) {
    headers['Upload-Expires'] = new Date(
      Date.parse(upload.creation_date) + store.getExpiration(),
    ).toUTCString();
  }
  await reply.headers(headers).status(204).send();
}
