import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { terminalCommands, terminalScreenshots } from '../db/schema/index.js';
import { badRequest } from '../lib/errors.js';
import type { FilesDir } from '../modules/materials/files-dir.js';
import { ScreenCheck } from './screen-check.js';

/** What an uploaded image is, decided from its bytes. */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: '.png' | '.jpg' | '.webp';
  width: number | null;
  height: number | null;
}

/** JPEG size from the first start-of-frame marker, or null. */
function jpegSize(b: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}

/** WebP size from its VP8, VP8L or VP8X chunk, or null. */
function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) {
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) {
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** PNG, JPEG or WebP from the magic bytes (with the size when the header tells it); null otherwise. */
export function sniffImage(b: Buffer): ImageInfo | null {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return { mime: 'image/png', ext: '.png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) {
    const size = jpegSize(b);
    return { mime: 'image/jpeg', ext: '.jpg', width: size?.width ?? null, height: size?.height ?? null };
  }
  if (b.length >= 16 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') {
    const size = webpSize(b);
    return { mime: 'image/webp', ext: '.webp', width: size?.width ?? null, height: size?.height ?? null };
  }
  return null;
}

/**
 * Stores screenshots terminals upload under `screenshots/<terminalId>/` of the files dir, with a
 * row each, and checks each for a blank or frozen screen (`screen-check.ts`).
 */
export class TerminalScreenshotStore {
  /** The blank / frozen screen check of each stored screenshot. */
  readonly screenCheck: ScreenCheck;

  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
    /** The zone of power schedules of terminals and offices that name none (`APM_TIME_ZONE`). */
    timeZone = 'UTC',
  ) {
    this.screenCheck = new ScreenCheck(db, filesDir, timeZone);
  }

  /**
   * Stores one screenshot; 400 when the bytes are not a PNG, JPEG or WebP image or when
   * `commandId` is not a screenshot command of this terminal. A failing screen check is logged,
   * never the upload's failure.
   */
  async save(
    terminalId: number,
    body: Buffer,
    commandId: number | null,
    log?: FastifyBaseLogger,
  ): Promise<{ screenshotId: number }> {
    const image = sniffImage(body);
    if (!image) throw badRequest('body must be a PNG, JPEG or WebP image', 'validation');
    if (commandId !== null) {
      const [command] = await this.db
        .select({ id: terminalCommands.id })
        .from(terminalCommands)
        .where(
          and(
            eq(terminalCommands.id, commandId),
            eq(terminalCommands.terminalId, terminalId),
            eq(terminalCommands.name, 'screenshot'),
          ),
        );
      if (!command) throw badRequest(`commandId ${commandId} is not a screenshot command of this terminal`);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const relPath = path.posix.join(
      'screenshots',
      String(terminalId),
      `${stamp}-${randomBytes(4).toString('hex')}${image.ext}`,
    );
    const absolute = this.filesDir.resolveFilePath(relPath);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, body);
    let row: { id: number; createdAt: Date } | undefined;
    try {
      [row] = await this.db
        .insert(terminalScreenshots)
        .values({
          terminalId,
          commandId,
          path: relPath,
          mime: image.mime,
          width: image.width,
          height: image.height,
          size: body.length,
        })
        .returning({ id: terminalScreenshots.id, createdAt: terminalScreenshots.createdAt });
    } catch (err) {
      await rm(absolute, { force: true });
      throw err;
    }
    try {
      await this.screenCheck.check(terminalId, row!.id, row!.createdAt, body);
    } catch (err) {
      log?.warn({ err, terminalId, screenshotId: row!.id }, 'screen check of a screenshot failed');
    }
    return { screenshotId: row!.id };
  }
}
