import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import http from 'node:http';

/** An HTTP answer with its body as text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** Keep-alive agent shared by the simulated terminals' HTTP calls (register, manifest, uploads). */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP call; `body` is sent as is (a string is sent as UTF-8). */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: http.OutgoingHttpHeaders;
    body?: string | Buffer;
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 60_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A JSON POST; answers status and parsed body (or the text when not JSON). */
export async function postJson(url: string, body: unknown, headers: http.OutgoingHttpHeaders = {}) {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { ...res, json: parse(res.text) };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The envelope every console API answer comes in. */
interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The console API as an operator (session cookie), under `<base>/apm-web`. */
export class ConsoleApi {
  private constructor(
    readonly base: string,
    private readonly cookie: string,
  ) {}

  /** Signs in with RSA-encrypted fields, the way the console does. */
  static async signIn(base: string, username: string, password: string): Promise<ConsoleApi> {
    const keyRes = await request(`${base}/apm-web/f/common/publishKey`);
    const { data } = JSON.parse(keyRes.text) as Envelope<{ exponent: string; modulus: string }>;
    const key = createPublicKey({
      key: {
        kty: 'RSA',
        n: Buffer.from(data.modulus, 'hex').toString('base64url'),
        e: Buffer.from(data.exponent, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    const encrypt = (v: string) =>
      publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(v),
      ).toString('base64');
    const body = new URLSearchParams({ username: encrypt(username), password: encrypt(password) }).toString();
    const res = await request(`${base}/apm-web/a/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (res.status !== 200) throw new Error(`sign-in failed (${res.status}): ${res.text}`);
    const setCookie = res.headers['set-cookie'] ?? [];
    const session = setCookie.find((c) => c.startsWith('Authorization='));
    if (!session) throw new Error('sign-in set no Authorization cookie');
    return new ConsoleApi(base, session.split(';')[0]!);
  }

  /** GET (no body) or JSON POST; throws unless the envelope says code 0. */
  async call<T>(url: string, body?: unknown): Promise<T> {
    const res = await request(`${this.base}/apm-web${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers:
        body === undefined
          ? { cookie: this.cookie }
          : { cookie: this.cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 120_000,
    });
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(res.text) as Envelope<T>;
    } catch {
      throw new Error(`${url} answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
    if (res.status !== 200 || envelope.code !== 0)
      throw new Error(`${url} failed (${res.status}): ${envelope.msg}`);
    return envelope.data;
  }
}
