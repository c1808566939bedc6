/**
 * The console's one HTTP client: every API call goes through {@link request}.
 *
 * - Base prefix `/apm-web`, cookies included (the session cookie is HttpOnly).
 * - POST bodies are form-encoded by default; `requestType: 'json'` sends JSON.
 * - Time-out of 300000 ms (spec section 9) through an AbortController.
 * - Answers are envelopes `{ code, msg, data, jsonObject }`; anything but `code` 0 throws a
 *   {@link RequestError}, after the generic handling of spec section 8 (toasts, `/logout`).
 */
import { API_BASE, type Envelope } from '@apm/contract';
import i18n from 'i18next';

/** Request time-out in milliseconds (spec section 9). */
export const REQUEST_TIMEOUT = 300_000;

/** A value that can go into a query string or a form body. */
export type FieldValue = string | number | boolean | null | undefined;

/** Query parameters or form fields; arrays become repeated keys, `null`/`undefined` are left out. */
export type RequestParams = Record<string, FieldValue | readonly FieldValue[]>;

/** Options of one call. */
export interface RequestOptions {
  /** HTTP method; `GET` unless a body is given, then `POST`. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query-string parameters. */
  params?: RequestParams;
  /** Body: form fields (default), any JSON value with `requestType: 'json'`, or a `FormData` upload. */
  data?: unknown;
  /** Body encoding; `form` (URLSearchParams) unless told otherwise. */
  requestType?: 'form' | 'json';
  /** Time-out in milliseconds. */
  timeout?: number;
  /** The caller handles failures itself: no toast (the `logout` redirect still happens). */
  skipErrorHandler?: boolean;
  /** No redirect to `/logout` on a `logout` answer either (a speculative call made before the session is known). */
  skipLogoutRedirect?: boolean;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
}

/** How a call failed. */
export type RequestErrorKind = 'http' | 'network' | 'timeout' | 'aborted';

/** A failed call: a non-zero envelope code, an HTTP error, a network failure or a time-out. */
export class RequestError<J = unknown> extends Error {
  /** Envelope code (the HTTP status for errors), 0 when no answer arrived. */
  readonly code: number;
  /** HTTP status, 0 when no answer arrived. */
  readonly status: number;
  readonly kind: RequestErrorKind;
  /** Machine-readable reason from `jsonObject.reason`, when the server gave one. */
  readonly reason: string | undefined;
  readonly jsonObject: J | undefined;
  /** The whole envelope, when one arrived. */
  readonly envelope: Envelope<unknown, J> | undefined;

  constructor(
    message: string,
    init: { code: number; status: number; kind: RequestErrorKind; envelope?: Envelope<unknown, J> },
  ) {
    super(message);
    this.name = 'RequestError';
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.envelope = init.envelope;
    this.jsonObject = init.envelope?.jsonObject ?? undefined;
    const reason = (this.jsonObject as { reason?: unknown } | undefined)?.reason;
    this.reason = typeof reason === 'string' ? reason : undefined;
  }
}

/** Per-field problems a 400 answer names in `jsonObject.fields` (`{ password: 'weak' }`), or `{}`. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError)) return {};
  const fields = (error.jsonObject as { fields?: unknown } | undefined)?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
}

/** What the request layer needs from the application; set once at start-up with {@link configureRequest}. */
export interface RequestHooks {
  /** Shows an error toast. */
  notifyError(text: string): void;
  /** Client-side navigation. */
  navigate(path: string): void;
  /** The current route path. */
  currentPath(): string;
}

let hooks: RequestHooks = {
  notifyError: (text) => console.error(text),
  navigate: (path) => window.location.assign(path),
  currentPath: () => globalThis.location?.pathname ?? '/',
};

/** Connects the request layer to the UI (toasts) and the router (navigation). */
export function configureRequest(partial: Partial<RequestHooks>): void {
  hooks = { ...hooks, ...partial };
}

/** Calls whose `logout` answer must not send the user to `/logout`: the QR-code info endpoints. */
const LOGOUT_EXEMPT_URL = /qr-?code/i;

/** Pages on which a `logout` answer does not redirect. */
const LOGOUT_EXEMPT_PATHS = ['/login', '/logout'];

/** Appends form fields or query parameters to a URLSearchParams. */
export function toSearchParams(fields: RequestParams | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields ?? {})) {
    const values: readonly FieldValue[] = Array.isArray(value) ? value : [value as FieldValue];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  return params;
}

/** Full URL of an API path: `/a/login` becomes `/apm-web/a/login?…`. */
export function apiUrl(path: string, params?: RequestParams): string {
  const base = /^https?:\/\//.test(path) || path.startsWith(API_BASE + '/') ? path : API_BASE + path;
  const query = toSearchParams(params).toString();
  if (!query) return base;
  return base + (base.includes('?') ? '&' : '?') + query;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

function buildBody(options: RequestOptions): { body?: BodyInit; headers: Record<string, string> } {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { data } = options;
  if (data === undefined) return { headers };
  if (typeof FormData !== 'undefined' && data instanceof FormData) return { body: data, headers };
  if (options.requestType === 'json') {
    headers['Content-Type'] = 'application/json';
    return { body: JSON.stringify(data), headers };
  }
  return { body: toSearchParams(data as RequestParams), headers };
}

/** The translated text a failed call shows (spec section 8). */
export function describeError(error: RequestError): string {
  if (error.kind === 'timeout') return i18n.t('request.timeout');
  if (error.kind === 'network') return i18n.t('request.network', { message: error.message });
  if (error.code === 401 || error.status === 401) return i18n.t('request.noPermission');
  if (error.code === 403 || error.status === 403) return i18n.t('request.denied');
  return error.envelope?.msg || i18n.t('request.failed', { status: error.status || error.code });
}

function handleFailure(url: string, error: RequestError, options: RequestOptions): void {
  if (error.kind === 'aborted') return;
  if (error.envelope?.msg === 'logout') {
    const path = hooks.currentPath();
    const exempt = LOGOUT_EXEMPT_PATHS.some((p) => path === p || path.startsWith(p + '/'));
    if (!exempt && !options.skipLogoutRedirect && !LOGOUT_EXEMPT_URL.test(url)) hooks.navigate('/logout');
    return;
  }
  if (!options.skipErrorHandler) hooks.notifyError(describeError(error));
}

async function send<T, J>(url: string, options: RequestOptions): Promise<Envelope<T, J>> {
  const method = options.method ?? (options.data === undefined ? 'GET' : 'POST');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();
  try {
    const { body, headers } = buildBody(options);
    let response: Response;
    let text: string;
    try {
      response = await fetch(apiUrl(url, options.params), {
        method,
        body,
        headers,
        credentials: 'include',
        signal: controller.signal,
      });
      text = await response.text();
    } catch (cause) {
      const kind: RequestErrorKind = timedOut ? 'timeout' : controller.signal.aborted ? 'aborted' : 'network';
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new RequestError<J>(message, { code: 0, status: 0, kind });
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const envelope: Envelope<T, J> = isEnvelope(parsed)
      ? (parsed as Envelope<T, J>)
      : {
          code: response.ok ? 0 : response.status,
          // No envelope (e.g. a proxy's error page): nothing server-written to show.
          msg: '',
          data: parsed as T,
          jsonObject: undefined as J,
        };
    if (!response.ok || envelope.code !== 0) {
      throw new RequestError<J>(envelope.msg || `HTTP ${response.status}`, {
        code: envelope.code || response.status,
        status: response.status,
        kind: 'http',
        envelope: envelope as Envelope<unknown, J>,
      });
    }
    return envelope;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Calls the API and answers the envelope when `code` is 0. Otherwise shows the generic
 * error (unless `skipErrorHandler`), redirects to `/logout` on a `logout` answer, and throws
 * a {@link RequestError}.
 */
export async function request<T = unknown, J = unknown>(
  url: string,
  options: RequestOptions = {},
): Promise<Envelope<T, J>> {
  try {
    return await send<T, J>(url, options);
  } catch (error) {
    const failure =
      error instanceof RequestError
        ? error
        : new RequestError<J>(error instanceof Error ? error.message : String(error), {
            code: 0,
            status: 0,
            kind: 'network',
          });
    handleFailure(url, failure, options);
    throw failure;
  }
}
