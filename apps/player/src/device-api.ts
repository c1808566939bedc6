import {
  API_BASE,
  DEVICE_AUTH_SCHEME,
  TERMINAL_BASE,
  type Manifest,
  type Registration,
  type TerminalRegisterBody,
  type Weather,
  type DataFeed,
} from '@apm/contract';

/** A device call the server refused (`status` is the HTTP status, 0 when it could not be reached). */
export class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE = `${API_BASE}${TERMINAL_BASE}`;

/** Answers the `data` of an envelope answer, or the body itself when the server sent it bare. */
async function unwrap<T>(res: Response, what: string): Promise<T> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON: only the status speaks.
  }
  const envelope = body as { code?: unknown; msg?: unknown; data?: unknown } | null;
  const isEnvelope = envelope !== null && typeof envelope === 'object' && typeof envelope.code === 'number';
  if (!res.ok || (isEnvelope && envelope.code !== 0)) {
    const msg = isEnvelope && typeof envelope.msg === 'string' ? envelope.msg : res.statusText;
    throw new DeviceApiError(res.status, `${what}: ${res.status} ${msg}`);
  }
  return (isEnvelope ? envelope.data : body) as T;
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { cache: 'no-store', ...init });
  } catch (err) {
    throw new DeviceApiError(0, `${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The device-side HTTP calls under `/apm-web/terminal`. */
export class DeviceApi {
  constructor(private readonly token: () => string | null) {}

  private auth(): Record<string, string> {
    const token = this.token();
    return token ? { authorization: `${DEVICE_AUTH_SCHEME} ${token}` } : {};
  }

  /** Registers this device; the answer carries the token and pairing code. */
  async register(body: TerminalRegisterBody): Promise<Registration> {
    const res = await call(
      `${BASE}/register`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      'register',
    );
    return unwrap<Registration>(res, 'register');
  }

  /** The manifest, or null when it is still `etag` (304). */
  async manifest(etag: string | null): Promise<Manifest | null> {
    const headers: Record<string, string> = this.auth();
    if (etag) headers['if-none-match'] = `"${etag}"`;
    const res = await call(`${BASE}/manifest`, { headers }, 'manifest');
    if (res.status === 304) return null;
    return unwrap<Manifest>(res, 'manifest');
  }

  /** Downloads a material (from `offset` on, with `Range`, to resume a broken download). */
  async file(url: string, offset: number, etag: string | null): Promise<Response> {
    const headers: Record<string, string> = this.auth();
    if (offset > 0) {
      headers.range = `bytes=${offset}-`;
      if (etag) headers['if-range'] = etag;
    }
    const res = await call(url, { headers }, 'download');
    if (!res.ok) throw new DeviceApiError(res.status, `download ${url}: ${res.status} ${res.statusText}`);
    return res;
  }

  /** Uploads a screenshot taken for a command (null: on its interval); answers the stored screenshot's id. */
  async screenshot(image: Blob, commandId: number | null): Promise<{ screenshotId: number }> {
    const res = await call(
      commandId === null ? `${BASE}/screenshots` : `${BASE}/screenshots?commandId=${commandId}`,
      { method: 'POST', headers: { ...this.auth(), 'content-type': image.type || 'image/png' }, body: image },
      'screenshot upload',
    );
    return unwrap<{ screenshotId: number }>(res, 'screenshot upload');
  }

  /** The current weather for a weather widget (through the server, which caches it). */
  async weather(city: string, units: string): Promise<Weather> {
    const query = new URLSearchParams({ city, units });
    const res = await call(`${BASE}/weather?${query}`, { headers: this.auth() }, 'weather');
    return unwrap<Weather>(res, 'weather');
  }

  /** The cached items of a data source for a data widget (the server fetches the feed). */
  async widgetData(sourceId: number): Promise<DataFeed> {
    const res = await call(`${BASE}/widgetData?id=${sourceId}`, { headers: this.auth() }, 'widget data');
    return unwrap<DataFeed>(res, 'widget data');
  }
}
