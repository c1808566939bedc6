import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a feed could not be fetched (told to the operator as the source's last error). */
export class FeedError extends Error {}

/** How a feed is fetched. */
export interface FeedFetchOptions {
  /** Whether loopback, private, link-local and other non-public addresses may be asked (a server setting). */
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed at most (each checked like the first address). */
  maxRedirects?: number;
}

/** Whether an address is on the public internet (IPv4-mapped IPv6 judged as the IPv4 it holds). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

/**
 * A DNS lookup that refuses non-public answers: checked when the socket connects, so a name that
 * resolves to a public address when saved and to a private one later (DNS rebinding) is still refused.
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as LookupAddress[];
      const refused = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused) {
        return callback(
          new FeedError(
            `${hostname} resolves to ${refused.address}, a non-public address: refused`,
          ) as NodeJS.ErrnoException,
          '',
          4,
        );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first)
        return callback(new FeedError(`${hostname} has no address`) as NodeJS.ErrnoException, '', 4);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks a feed URL before it is saved or asked: http(s) only, no credentials, and (unless private
 * addresses are allowed) no literal non-public address. Answers the problem, or null.
 */
export function feedUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    if (ipaddr.isValid(host) && !isPublicAddress(host)) return `names ${host}, a non-public address`;
    if (host === 'localhost' || host.endsWith('.localhost')) return `names ${host}, a non-public address`;
  }
  return null;
}

/** One GET, bounded in time and size; redirects answered, not followed. */
function getOnce(
  url: URL,
  opts: FeedFetchOptions,
): Promise<{ status: number; location?: string; body: Buffer; type: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup: guardedLookup(opts.allowPrivate),
        timeout: opts.timeoutMs,
        headers: {
          accept: 'application/json, application/rss+xml, application/atom+xml, text/xml;q=0.9, */*;q=0.5',
          'user-agent': 'APM-feed/1',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, body: Buffer.alloc(0), type: '' });
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          res.destroy();
          return reject(new FeedError(`the answer is ${declared} bytes; at most ${opts.maxBytes} are read`));
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (c: Buffer) => {
          total += c.length;
          if (total > opts.maxBytes)
            res.destroy(new FeedError(`the answer is larger than ${opts.maxBytes} bytes`));
          else chunks.push(c);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status, body: Buffer.concat(chunks), type: String(res.headers['content-type'] ?? '') }),
        );
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new FeedError(`no answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    req.on('timeout', () => req.destroy(new FeedError(`no answer within ${opts.timeoutMs} ms`)));
    req.on('error', (err) => reject(err instanceof FeedError ? err : new FeedError(err.message)));
    req.on('close', () => clearTimeout(deadline));
  });
}

/**
 * Fetches a feed by the server: only public addresses unless allowed (checked at connect time and at
 * every redirect), within a time-out and a size bound. Answers the body text; throws `FeedError`
 * with an operator-readable reason otherwise.
 */
export async function fetchFeed(
  raw: string,
  opts: FeedFetchOptions,
): Promise<{ text: string; type: string }> {
  let url = new URL(raw);
  for (let hop = 0; ; hop++) {
    const problem = feedUrlProblem(url.href, opts.allowPrivate);
    if (problem) throw new FeedError(`the URL ${problem}`);
    const res = await getOnce(url, opts);
    if (res.location !== undefined) {
      if (hop >= (opts.maxRedirects ?? 3)) throw new FeedError('too many redirects');
      url = new URL(res.location, url);
      continue;
    }
    if (res.status < 200 || res.status >= 300) throw new FeedError(`the feed answered HTTP ${res.status}`);
    return { text: res.body.toString('utf8'), type: res.type };
  }
}
