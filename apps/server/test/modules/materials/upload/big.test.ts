import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialFiles, materials } from '../../../../src/db/schema/index.js';
import { uploadFixture } from './fixture.js';
import { jpeg } from './media.js';

const MiB = 1024 * 1024;
/** Just over 2 GiB: past every 32-bit size and offset. */
const SIZE = 2 * 1024 * MiB + 3 * MiB + 123;
/** Bytes per PATCH request, as a client sending large chunks would. */
const PATCH_BYTES = 768 * MiB;

/**
 * The bytes of the big file, generated on the fly (never held): a JPEG header, then a random
 * block repeated with a varying counter. `slice(from, to)` yields a range; the MD5 is taken as it goes.
 */
function bigFile(header: Buffer) {
  const block = randomBytes(MiB);
  const byteAt = (chunkIndex: number) => {
    const b = Buffer.from(block);
    b.writeUInt32LE(chunkIndex, 0);
    return b;
  };
  const hash = createHash('md5');
  async function* slice(from: number, to: number): AsyncGenerator<Uint8Array> {
    let pos = from;
    while (pos < to) {
      let chunk: Buffer;
      if (pos < header.length) chunk = header.subarray(pos, Math.min(to, header.length));
      else {
        const index = Math.floor((pos - header.length) / MiB);
        const inBlock = (pos - header.length) % MiB;
        chunk = byteAt(index).subarray(inBlock, Math.min(MiB, inBlock + (to - pos)));
      }
      hash.update(chunk);
      pos += chunk.length;
      yield chunk;
    }
  }
  return { slice, md5: () => hash.digest('hex') };
}

describe('a 2 GiB+ upload streams through tus without memory growth', () => {
  let f: Awaited<ReturnType<typeof uploadFixture>>;
  beforeAll(async () => {
    f = await uploadFixture();
  });
  afterAll(() => f.stack.close());

  it('uploads 2 GiB + 3 MiB in large PATCHes; RSS grows by less than 150 MB; MD5 and size are right', async () => {
    const file = bigFile(await jpeg(21));
    const client = f.tus();
    const created = await client.create(SIZE, { filename: 'huge.jpg' });
    expect(created.status).toBe(201);
    const url = client.url(created.headers.get('location')!);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = Date.now();
    let materialId: number | null = null;
    try {
      for (let offset = 0; offset < SIZE; offset += PATCH_BYTES) {
        const end = Math.min(SIZE, offset + PATCH_BYTES);
        const res = await client.patchStream(url, offset, end - offset, file.slice(offset, end));
        expect(res.status).toBe(204);
        expect(res.offset).toBe(end);
        materialId = res.materialId;
      }
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    const growthMb = (peak - baseline) / MiB;
    console.info(
      `2 GiB+ upload: ${(SIZE / MiB / seconds).toFixed(0)} MiB/s, RSS baseline ${(baseline / MiB).toFixed(0)} MB, ` +
        `peak growth ${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(150);
    const [m] = await f.stack.db.select().from(materials).where(eq(materials.id, materialId!));
    expect(m).toMatchObject({ size: SIZE, md5: file.md5(), kind: 'image' });
    const [stored] = await f.stack.db.select().from(materialFiles).where(eq(materialFiles.id, m!.fileId));
    expect(statSync(f.stack.app.services.filesDir.resolveFilePath(stored!.storagePath)).size).toBe(SIZE);
  }, 600_000);
});
