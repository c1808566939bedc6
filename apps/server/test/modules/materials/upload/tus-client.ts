import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_BASE, MATERIAL_TUS_PATH } from '@apm/contract';

/** A minimal tus 1.0 client over fetch, for tests that speak the protocol to a real listener. */
export class TusClient {
  constructor(
    private readonly origin: () => string,
    private readonly cookie: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'Tus-Resumable': '1.0.0', cookie: this.cookie, ...extra };
  }

  /** POST: creates an upload; answers the response (Location on 201). */
  create(size: number | null, meta: Record<string, string | undefined>, extra: Record<string, string> = {}) {
    const metadata = Object.entries(meta)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k} ${Buffer.from(v!).toString('base64')}`)
      .join(',');
    const headers = this.headers({ ...(metadata ? { 'Upload-Metadata': metadata } : {}), ...extra });
    if (size !== null) headers['Upload-Length'] = String(size);
    return fetch(`${this.origin()}${API_BASE}${MATERIAL_TUS_PATH}`, { method: 'POST', headers });
  }

  /** The absolute URL of an upload from its Location header. */
  url(location: string): string {
    return new URL(location, this.origin()).toString();
  }

  /** PATCH: sends bytes from `offset` (a buffer, or a stream of chunks). */
  patch(
    url: string,
    offset: number,
    body: Buffer | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
    signal?: AbortSignal,
  ) {
    return fetch(url, {
      method: 'PATCH',
      headers: this.headers({
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: body as RequestInit['body'],
      signal,
      duplex: 'half',
    } as RequestInit);
  }

  /**
   * PATCH over node:http with stream backpressure (fetch may read a body stream ahead of the socket):
   * answers the status and the new offset.
   */
  async patchStream(
    url: string,
    offset: number,
    length: number,
    body: AsyncIterable<Uint8Array>,
  ): Promise<{ status: number; offset: number; materialId: number | null }> {
    const req = request(url, {
      method: 'PATCH',
      headers: this.headers({
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(length),
      }),
    });
    const answer = new Promise<{ status: number; offset: number; materialId: number | null }>(
      (resolve, reject) => {
        req.on('response', (res) => {
          res.resume();
          const id = res.headers['material-id'];
          resolve({
            status: res.statusCode ?? 0,
            offset: Number(res.headers['upload-offset'] ?? -1),
            materialId: id ? Number(id) : null,
          });
        });
        req.on('error', reject);
      },
    );
    await pipeline(Readable.from(body), req);
    return answer;
  }

  /** HEAD: the upload's offset (null when the server answers no such upload). */
  async offset(url: string): Promise<{ status: number; offset: number | null }> {
    const res = await fetch(url, { method: 'HEAD', headers: this.headers() });
    const raw = res.headers.get('upload-offset');
    return { status: res.status, offset: raw === null ? null : Number(raw) };
  }

  /** DELETE: terminates an upload. */
  terminate(url: string) {
    return fetch(url, { method: 'DELETE', headers: this.headers() });
  }

  /** Creates an upload and sends all bytes in one PATCH; answers the PATCH response. */
  async upload(bytes: Buffer, meta: Record<string, string | undefined>) {
    const created = await this.create(bytes.length, meta);
    if (created.status !== 201) return created;
    return this.patch(this.url(created.headers.get('location')!), 0, bytes);
  }
}
