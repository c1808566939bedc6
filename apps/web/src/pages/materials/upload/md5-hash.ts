/**
 * Incremental MD5 of a Blob with hash-wasm: the file is read slice by slice (never whole into
 * memory) and progress is reported after each slice. Runs inside the MD5 Web Worker.
 */
import { createMD5 } from 'hash-wasm';

/** Bytes read per step: large enough to hash fast, small enough to report progress often. */
export const MD5_SLICE_BYTES = 8 * 1024 * 1024;

/** The MD5 (lower-case hex) of `blob`, calling `onProgress(bytesHashed)` after every slice. */
export async function md5OfBlob(
  blob: Blob,
  onProgress: (bytes: number) => void = () => {},
  sliceBytes = MD5_SLICE_BYTES,
): Promise<string> {
  const hasher = await createMD5();
  hasher.init();
  for (let offset = 0; offset < blob.size; offset += sliceBytes) {
    const end = Math.min(blob.size, offset + sliceBytes);
    hasher.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
    onProgress(end);
  }
  return hasher.digest('hex');
}

/** Message the page sends to the worker. */
export interface Md5Request {
  file: Blob;
}

/** Messages the worker answers: progress, then the digest or an error. */
export type Md5Reply =
  { type: 'progress'; bytes: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };
