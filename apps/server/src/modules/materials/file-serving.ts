import path from 'node:path';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../lib/envelope.js';
import { notFound } from '../../lib/errors.js';
import type { FilesDir } from './files-dir.js';

/** How one stored file is answered. */
export interface ServeOptions {
  /** Path relative to the files root. */
  relPath: string;
  /** Content type to declare; absent = from the path's extension. */
  contentType?: string;
  /** File name offered to the browser. */
  fileName: string;
  /** `attachment` (download) instead of `inline`. */
  download?: boolean;
  /** How long the browser may reuse the answer without asking (it revalidates by ETag after). */
  maxAgeSeconds: number;
}

/** Types of derived files (thumbnails, posters, pages, transcodes) by extension. */
const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.pdf': 'application/pdf',
};

/** Types a browser would run script in: served sandboxed so that a material cannot act as the console. */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)/i;

/** `inline; filename="ascii"; filename*=UTF-8''utf8` (RFC 6266 / RFC 5987). */
export function contentDisposition(fileName: string, download = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The material's name with the extension of a derived file (`clip.mov` + `.webp` → `clip.webp`). */
export function derivedName(materialName: string, relPath: string): string {
  const ext = path.extname(relPath);
  const base = materialName.slice(0, materialName.length - path.extname(materialName).length) || materialName;
  return `${base}${ext}`;
}

/**
 * Streams a stored file with Range (206/416), ETag and Last-Modified (304 on If-None-Match /
 * If-Modified-Since, If-Range honoured) through @fastify/send, with private caching and a
 * Content-Disposition naming the material. Bytes are streamed from disk, never buffered.
 * 404 when the file is missing or its path leaves the files root.
 */
export async function serveStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  filesDir: FilesDir,
  opts: ServeOptions,
): Promise<FastifyReply> {
  try {
    filesDir.resolveFilePath(opts.relPath);
  } catch {
    throw notFound('The file is not available');
  }
  const encoded = opts.relPath.split('/').map(encodeURIComponent).join('/');
  const result = await send(request.raw, `/${encoded}`, {
    root: filesDir.root,
    dotfiles: 'deny',
    cacheControl: false,
    contentType: false,
    index: false,
  });
  if (result.type !== 'file') {
    result.stream.resume();
    if (result.statusCode === 416) {
      reply.header('Content-Range', result.headers['Content-Range'] ?? result.headers['content-range']);
      return reply.code(416).send(fail(416, 'Range not satisfiable'));
    }
    throw notFound('The file is not available');
  }
  const type =
    opts.contentType ?? TYPES[path.extname(opts.relPath).toLowerCase()] ?? 'application/octet-stream';
  reply.code(result.statusCode).headers({
    ...result.headers,
    'Cache-Control': `private, max-age=${opts.maxAgeSeconds}`,
    'X-Content-Type-Options': 'nosniff',
  });
  if (result.statusCode === 304) return reply.send();
  reply.header('Content-Type', type);
  reply.header('Content-Disposition', contentDisposition(opts.fileName, opts.download));
  if (ACTIVE_TYPES.test(type)) reply.header('Content-Security-Policy', "sandbox; default-src 'none'");
  return reply.send(result.stream);
}
