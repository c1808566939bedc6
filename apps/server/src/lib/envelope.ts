import type { Envelope } from '@apm/contract';

/** A success envelope (`code` 0). */
export function ok<T>(data: T, msg = 'Successful operation', jsonObject: unknown = null): Envelope<T> {
  return { code: 0, msg, data, jsonObject };
}

/** An error envelope carrying the HTTP status in `code`. */
export function fail(status: number, msg: string, jsonObject: unknown = null): Envelope<null> {
  return { code: status, msg, data: null, jsonObject };
}
