import type { ErrorReason } from '@apm/contract';

/** An error the client is told about: HTTP status, message, and an optional machine-readable reason. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason?: ErrorReason | string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400 with a message naming what is wrong. */
export const badRequest = (msg: string, reason?: ErrorReason | string, extra?: Record<string, unknown>) =>
  new AppError(400, msg, reason, extra);
/** 401: no valid session (the console goes to the login-expired page on `logout`). */
export const unauthorized = (
  msg = 'logout',
  reason?: ErrorReason | string,
  extra?: Record<string, unknown>,
) => new AppError(401, msg, reason, extra);
/** 403: signed in but not allowed. */
export const forbidden = (
  msg = 'Request denied',
  reason?: ErrorReason | string,
  extra?: Record<string, unknown>,
) => new AppError(403, msg, reason, extra);
/** 404: no such thing. */
export const notFound = (msg: string) => new AppError(404, msg, 'notFound');
/** 409: conflicts with the current state. */
export const conflict = (msg: string, reason?: ErrorReason | string, extra?: Record<string, unknown>) =>
  new AppError(409, msg, reason, extra);
/** 409 `reason` of a save based on an old revision of the `subject`, with the current revision and when it was saved. */
export const revisionConflict = (
  subject: string,
  reason: ErrorReason | string,
  current: { revision: number; updatedAt: Date },
) =>
  conflict(
    `The ${subject} was saved by someone else since you opened it (now revision ${current.revision}); reload it, or save yours as a copy`,
    reason,
    { field: 'baseRevision', revision: current.revision, updatedAt: current.updatedAt.toISOString() },
  );
