/** How the uploader reads a failed tus answer (pure, unit-tested). */

/**
 * The text to show for a failed HTTP answer: the envelope's `msg` of a JSON body (e.g. a 413
 * naming the limit), else a short plain-text body, else the status.
 */
export function responseMessage(status: number, body: string | undefined | null): string {
  const text = (body ?? '').trim();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      const msg = (parsed as { msg?: unknown } | null)?.msg;
      if (typeof msg === 'string' && msg.trim()) return msg.trim();
    } catch {
      // Not JSON: a plain-text reason (tus errors are plain text) is shown when short.
      if (text.length <= 300 && !text.startsWith('<')) return text;
    }
  }
  return status ? `HTTP ${status}` : 'Network error';
}

/**
 * Whether tus should try again: a dropped connection (0), a server error (5xx), an offset
 * conflict (409) or a locked upload (423). Other 4xx are final (the server refused the file).
 */
export function shouldRetryStatus(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}
