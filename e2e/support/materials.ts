/** Material helpers of the end-to-end tests: real PNG files made in memory, and API uploads. */
import { deflateSync } from 'node:zlib';

/** A material as the API answers it (the fields the tests read). */
export interface MaterialRow {
  id: number;
  name: string;
  md5: string;
  folderId: number | null;
  kind: string;
  width: number | null;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `width`×`height` in one colour (a different colour gives different bytes and MD5). */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Uploads one file through `POST /a/api/file/uploader` (multipart, the folder field before the file
 * part, as the server reads them); `folderId` null is the top level.
 */
export async function uploadMaterial(
  baseUrl: string,
  cookie: string,
  name: string,
  bytes: Buffer,
  folderId: number | null,
  type = 'image/png',
): Promise<MaterialRow> {
  const form = new FormData();
  if (folderId !== null) form.append('folderId', String(folderId));
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${baseUrl}/apm-web/a/api/file/uploader`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: MaterialRow };
  if (res.status !== 200 || envelope.code !== 0)
    throw new Error(`upload failed (${res.status}): ${envelope.msg}`);
  return envelope.data;
}
