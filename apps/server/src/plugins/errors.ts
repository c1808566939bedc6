import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isRedisOutage } from '../cluster/redis.js';
import { fail } from '../lib/envelope.js';
import { AppError } from '../lib/errors.js';

interface AjvIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Turns Ajv issues into `{ field: message }`, naming the field in each message. */
export function fieldMessages(issues: AjvIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
      field = field ? `${field}.${issue.params.missingProperty}` : issue.params.missingProperty;
      fields[field] ??= `${field} is required`;
      continue;
    }
    if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
      const extra = issue.params.additionalProperty;
      fields[extra] ??= `${extra} is not allowed`;
      continue;
    }
    const name = field || 'body';
    fields[name] ??= `${name} ${issue.message ?? 'is invalid'}`;
  }
  return fields;
}

// busboy's own errors (a multipart body cut short, without or with the wrong boundary) carry no status.
const MULTIPART_FAULT = /^Multipart: |unexpected end of multipart data|^Malformed part header/i;

/** Whether an error is busboy's refusal of a malformed multipart body (a 400, not a server fault). */
function isMalformedMultipart(error: Error, contentType: string | undefined): boolean {
  const status = (error as FastifyError).statusCode;
  return (
    (status === undefined || status === 500) &&
    /^multipart\//i.test(contentType ?? '') &&
    MULTIPART_FAULT.test(error.message)
  );
}

declare module 'fastify' {
  interface FastifyReply {
    /** The message of the error this reply answered with, for the audit log. */
    apmErrorMsg?: string;
  }
}

/** The one central error handler: clear 4xx messages, no stack traces to clients, 5xx logged with the request id. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      reply.apmErrorMsg = error.message;
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error, reqId: request.id }, error.message);
        else request.log.info({ status: error.statusCode, reason: error.reason }, error.message);
        const jsonObject =
          error.reason || Object.keys(error.extra).length ? { reason: error.reason, ...error.extra } : null;
        return reply.status(error.statusCode).send(fail(error.statusCode, error.message, jsonObject));
      }
      const validation = (error as FastifyError).validation;
      if (validation) {
        const fields = fieldMessages(validation as AjvIssue[]);
        const msg = Object.values(fields).join('; ') || 'Invalid request';
        request.log.info({ fields, context: (error as FastifyError).validationContext }, 'validation failed');
        return reply.status(400).send(fail(400, msg, { reason: 'validation', fields }));
      }
      if (isMalformedMultipart(error, request.headers['content-type'])) {
        const msg = `Malformed multipart body: ${error.message}`;
        request.log.info({ status: 400 }, msg);
        return reply.status(400).send(fail(400, msg, { reason: 'validation', fields: { body: msg } }));
      }
      if (isRedisOutage(error)) {
        // The scale-out mode's shared state (rate limits, login guard, presence) is out of reach.
        const msg = 'Shared state (Redis) is unavailable; try again later';
        request.log.error({ err: error, reqId: request.id }, msg);
        return reply.status(503).send(fail(503, msg, { reason: 'storeUnavailable' }));
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ status, code: (error as FastifyError).code }, error.message);
        return reply.status(status).send(fail(status, error.message));
      }
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      return reply
        .status(500)
        .send(fail(500, `Internal server error (request id ${request.id})`, { requestId: request.id }));
    });
  },
  { name: 'apm-errors' },
);
