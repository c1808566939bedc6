/** Downloads of files the server streams (exports). */
import type { Envelope } from '@apm/contract';
import { apiUrl, RequestError } from './request';

/** The file name of a Content-Disposition header, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '');
  return match?.[1] ?? fallback;
}

/**
 * POSTs `body` (form fields or JSON) to an export call and saves what it streams under the name
 * the server gives (else `fallback`); answers that name. Throws a {@link RequestError} when the
 * server refuses (a JSON envelope instead of a file).
 */
export async function downloadFile(
  path: string,
  body: URLSearchParams | object,
  fallback: string,
): Promise<string> {
  const json = !(body instanceof URLSearchParams);
  const response = await fetch(apiUrl(path), {
    method: 'POST',
    credentials: 'include',
    headers: json ? { 'content-type': 'application/json' } : undefined,
    body: json ? JSON.stringify(body) : body,
  });
  return saveResponse(response, fallback);
}

/**
 * Saves what a streamed answer holds under the name the server gives (else `fallback`); answers
 * that name. Throws a {@link RequestError} when the server refused (a JSON envelope, not a file).
 */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const envelope = (await response.json().catch(() => undefined)) as Envelope | undefined;
    throw new RequestError(envelope?.msg ?? response.statusText, {
      code: envelope?.code ?? response.status,
      status: response.status,
      kind: 'http',
      envelope,
    });
  }
  const name = attachmentName(response.headers.get('content-disposition'), fallback);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
