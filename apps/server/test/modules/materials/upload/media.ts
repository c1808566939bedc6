import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Hex MD5 of a buffer. */
export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** A real PNG image generated with sharp. */
export function png(width = 64, height = 48, color = { r: 200, g: 30, b: 90 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A real JPEG of random-ish content (so that duplicates are deliberate). */
export function jpeg(seed: number, width = 80, height = 60): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31 + seed * 97) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** One entry of a test zip. */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Unix symbolic link (its target in `data`). */
  symlink?: boolean;
  /** Declares this uncompressed size in the headers instead of the real one (lying archives). */
  declaredSize?: number;
}

/** Builds a zip archive (deflate) in memory, with unix attributes, for package and hostile-zip tests. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = e.data ?? Buffer.alloc(0);
    const packed = deflateRawSync(data);
    const name = Buffer.from(e.name);
    const crc = crc32(data);
    const size = e.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = e.symlink ? 0o120777 : 0o100644;
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A minimal HTML package: index.html plus a script, optionally inside one top folder. */
export function htmlPackage(folder = ''): Buffer {
  return zip([
    {
      name: `${folder}index.html`,
      data: Buffer.from('<!doctype html><title>Hi</title><script src="app.js"></script>'),
    },
    { name: `${folder}app.js`, data: Buffer.from('console.log("hi");\n'.repeat(50)) },
  ]);
}
