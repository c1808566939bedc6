import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../src/locales/en-US';
import { loginErrorKey, needsCaptcha } from '../src/pages/auth/login/login-errors';
import {
  apiUrl,
  configureRequest,
  request,
  RequestError,
  serverFieldErrors,
  toSearchParams,
} from '../src/services/request';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[];
let notify: ReturnType<typeof vi.fn<(text: string) => void>>;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let path: string;

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  calls = [];
  path = '/home';
  notify = vi.fn<(text: string) => void>();
  navigate = vi.fn<(path: string) => void>();
  configureRequest({ notifyError: notify, navigate, currentPath: () => path });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request encoding', () => {
  it('prefixes /apm-web and appends query parameters', () => {
    expect(apiUrl('/f/common/isSysInit')).toBe('/apm-web/f/common/isSysInit');
    expect(apiUrl('/a/x', { pageNo: 1, ids: [1, 2], skip: undefined })).toBe(
      '/apm-web/a/x?pageNo=1&ids=1&ids=2',
    );
    expect(toSearchParams({ a: 'x y', b: null, c: true }).toString()).toBe('a=x+y&c=true');
  });

  it('posts form-encoded bodies with credentials by default', async () => {
    answer(200, { code: 0, msg: '', data: { ok: 1 }, jsonObject: null });
    const envelope = await request<{ ok: number }>('/a/login', {
      method: 'POST',
      data: { username: 'ad min', password: 'p&w' },
    });
    expect(envelope.data).toEqual({ ok: 1 });
    const [call] = calls;
    expect(call?.url).toBe('/apm-web/a/login');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.body).toBeInstanceOf(URLSearchParams);
    expect(String(call?.init.body)).toBe('username=ad+min&password=p%26w');
  });

  it('sends JSON with requestType json', async () => {
    answer(200, { code: 0, msg: '', data: null, jsonObject: null });
    await request('/a/api/thing', { data: { list: [1, 2] }, requestType: 'json' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"list":[1,2]}');
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});

describe('request errors (spec section 8)', () => {
  it('401 shows "No permission" in English and throws with code and reason', async () => {
    answer(401, { code: 401, msg: 'Unauthorized', data: null, jsonObject: { reason: 'badCredentials' } });
    const error = await request('/a/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).status).toBe(401);
    expect((error as RequestError).reason).toBe('badCredentials');
    expect(notify).toHaveBeenCalledWith('No permission');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 401 inside an HTTP 200 answer is an error too', async () => {
    answer(200, { code: 401, msg: '', data: null, jsonObject: null });
    await expect(request('/a/api/x')).rejects.toBeInstanceOf(RequestError);
    expect(notify).toHaveBeenCalledWith('No permission');
  });

  it('403 shows "Request denied"', async () => {
    answer(403, { code: 403, msg: 'Forbidden', data: null, jsonObject: null });
    await expect(request('/a/api/x')).rejects.toMatchObject({ code: 403 });
    expect(notify).toHaveBeenCalledWith('Request denied');
  });

  it('other errors show the server message', async () => {
    answer(400, { code: 400, msg: 'Name is required', data: null, jsonObject: { reason: 'validation' } });
    await expect(request('/a/api/x')).rejects.toMatchObject({ reason: 'validation' });
    expect(notify).toHaveBeenCalledWith('Name is required');
  });

  it('msg "logout" sends the user to /logout without a toast', async () => {
    answer(401, { code: 401, msg: 'logout', data: null, jsonObject: null });
    await expect(request('/a/api/user/getUserInfo', { skipErrorHandler: true })).rejects.toBeInstanceOf(
      RequestError,
    );
    expect(navigate).toHaveBeenCalledWith('/logout');
    expect(notify).not.toHaveBeenCalled();
  });

  it('msg "logout" does not redirect on /login or for the QR-code info endpoint', async () => {
    answer(401, { code: 401, msg: 'logout', data: null, jsonObject: null });
    path = '/login';
    await expect(request('/a/api/user/getUserInfo')).rejects.toBeInstanceOf(RequestError);
    path = '/home';
    await expect(request('/a/api/qrCode/info')).rejects.toBeInstanceOf(RequestError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('skipErrorHandler suppresses the toast', async () => {
    answer(401, {
      code: 401,
      msg: 'Bad credentials',
      data: null,
      jsonObject: { reason: 'badCredentials', needCaptcha: true },
    });
    const error = await request('/a/login', { data: {}, skipErrorHandler: true }).catch((e: unknown) => e);
    expect(notify).not.toHaveBeenCalled();
    expect(loginErrorKey(error)).toBe('badCredentials');
    expect(needsCaptcha(error)).toBe(true);
  });

  it('a network failure shows its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await request('/a/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: 0 });
    expect(notify).toHaveBeenCalledWith('Network error: Failed to fetch');
    expect(loginErrorKey(error)).toBe('network');
  });

  it('times out through the AbortController', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      ),
    );
    const error = await request('/a/api/slow', { timeout: 20 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(notify).toHaveBeenCalledWith('The request timed out. Please try again.');
  });

  it('a non-JSON error answer still becomes a RequestError with the HTTP status', async () => {
    answer(502, '<html>Bad gateway</html>');
    await expect(request('/a/api/x')).rejects.toMatchObject({ status: 502, code: 502, kind: 'http' });
    expect(notify).toHaveBeenCalledWith('Request failed (502)');
  });
});

describe('loginErrorKey', () => {
  const fail = (status: number, jsonObject: unknown) =>
    new RequestError('x', {
      code: status,
      status,
      kind: 'http',
      envelope: { code: status, msg: 'x', data: null, jsonObject },
    });

  it.each([
    [fail(400, { reason: 'captchaRequired', needCaptcha: true }), 'captchaRequired'],
    [fail(400, { reason: 'captchaWrong', needCaptcha: true }), 'captchaWrong'],
    [fail(400, { reason: 'verificationWrong' }), 'verificationWrong'],
    [fail(403, { reason: 'accountDisabled' }), 'accountDisabled'],
    [fail(429, { reason: 'rateLimited' }), 'rateLimited'],
    [fail(429, null), 'rateLimited'],
    [fail(500, null), 'unknown'],
    [new Error('boom'), 'unknown'],
  ])('%#', (error, key) => {
    expect(loginErrorKey(error)).toBe(key);
  });
});

describe('serverFieldErrors', () => {
  it('reads jsonObject.fields of a 400 answer', async () => {
    answer(400, {
      code: 400,
      msg: 'x',
      data: null,
      jsonObject: { reason: 'weakPassword', fields: { password: 'weak' } },
    });
    const error = await request('/f/common/sysInit', { data: {}, skipErrorHandler: true }).catch(
      (e: unknown) => e,
    );
    expect(serverFieldErrors(error)).toEqual({ password: 'weak' });
    expect(serverFieldErrors(new Error('x'))).toEqual({});
  });
});
