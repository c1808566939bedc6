/** Reading and writing the console's own (non-HttpOnly) cookies. */

/** Value of cookie `name` in a `document.cookie` string, or `undefined`. */
export function readCookie(
  name: string,
  cookies: string = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return part.slice(at + 1).trim();
      }
    }
  }
  return undefined;
}

/** Sets a site-wide cookie for `days` days. */
export function writeCookie(name: string, value: string, days = 365): void {
  const maxAge = Math.round(days * 24 * 3600);
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}
