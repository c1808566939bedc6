import { Type, type Static, type TSchema } from 'typebox';

/** The response envelope of every API call: `code` 0 is success, otherwise the HTTP status. */
export interface Envelope<T = unknown, J = unknown> {
  code: number;
  msg: string;
  data: T;
  jsonObject: J;
}

/** TypeBox schema of an envelope whose `data` has the given schema. */
export const EnvelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    data,
    jsonObject: Type.Unknown(),
  });

/** Envelope schema for calls that answer with no data. */
export const EmptyEnvelope = EnvelopeOf(Type.Null());

/** Paged list as every list call returns it. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    count: Type.Integer(),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
  });

/** Paging query parameters accepted by every list call. */
export const PageQuery = Type.Object({
  pageNo: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 10 })),
});
export type PageQuery = Static<typeof PageQuery>;

/** Machine-readable reasons carried in `jsonObject.reason` so the console can translate errors. */
export const ErrorReasons = [
  'badCredentials',
  'captchaRequired',
  'captchaWrong',
  'verificationRequired',
  'verificationWrong',
  'accountDisabled',
  'rateLimited',
  'alreadyInitialised',
  'notInitialised',
  'weakPassword',
  'pwdPastDue',
  'decryptFailed',
  'validation',
  'crossSite',
] as const;
export type ErrorReason = (typeof ErrorReasons)[number];
