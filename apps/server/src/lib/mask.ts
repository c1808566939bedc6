const SECRET_KEY = /pass|pwd|secret|token|validatecode|verificationcode|authorization|privatekey/i;

/** Copies request parameters for the audit log with secret values replaced by `***` and long strings cut. */
export function maskParams(params: unknown): Record<string, unknown> | null {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (SECRET_KEY.test(key)) out[key] = '***';
    else if (typeof value === 'string' && value.length > 500) out[key] = `${value.slice(0, 500)}…`;
    else if (value !== null && typeof value === 'object') out[key] = maskParams(value) ?? value;
    else out[key] = value;
  }
  return out;
}

/** A request URL with the values of secret query parameters replaced by `***` (for request logs). */
export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const key of new Set(query.keys())) {
    if (SECRET_KEY.test(key)) {
      query.set(key, '***');
      masked = true;
    }
  }
  return masked ? `${url.slice(0, at)}?${query.toString()}` : url;
}
