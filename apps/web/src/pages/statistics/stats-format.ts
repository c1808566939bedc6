import { describeError, RequestError } from '../../services/request';

/** Why a statistics call failed, for a message (the server's text names the field when it was the input). */
export const failureText = (failure: unknown): string =>
  failure instanceof RequestError ? describeError(failure) : String((failure as Error)?.message ?? failure);

/** The ISO weekday keys of the messages, Monday first (the heat map's rows). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Formats a whole number in the reader's locale. */
export const count = (n: number, locale: string) => new Intl.NumberFormat(locale).format(n);
