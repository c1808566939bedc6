import { EnvelopeOf, MessageSendResultSchema } from '@apm/contract';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { badRequest } from '../../lib/errors.js';
import { jsonDepthExceeds, MAX_INPUT_DEPTH } from '../../lib/validation/input-safety.js';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from './webhook-service.js';

const tags = ['message'];
const BASE = '/a/api/publishMessage';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
/** Largest webhook body. */
const WEBHOOK_BODY_LIMIT = 16 * 1024;

const WebhookInfoSchema = Type.Object({
  configured: Type.Boolean(),
  url: Type.String(),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});

/** The raw text of webhook bodies (the signature covers the bytes as sent, not a re-serialisation). */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * The tenant's inbound message webhook: managing its secret from the console
 * (`/a/api/publishMessage/webhook|webhookSecret|webhookDelete`) and the signed call itself
 * (`POST /f/messageWebhook/:tenantId`), audited like every write.
 */
const messageWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messageWebhooks } = app.services;

  app.get(
    `${BASE}/webhook`,
    {
      config: { access: 'message:list:publish' },
      schema: {
        tags,
        summary:
          'The tenant’s inbound message webhook: its URL, whether it has a secret, when it was last used',
        response: { 200: EnvelopeOf(WebhookInfoSchema) },
      },
    },
    async (request) => ok(await messageWebhooks.info(request.auth!)),
  );

  app.post(
    `${BASE}/webhookSecret`,
    {
      config: { access: 'message:list:publish' },
      schema: {
        tags,
        summary:
          'Makes a new secret for the tenant’s webhook (the old one stops working) and answers it this once; needs the data range “all”',
        response: {
          200: EnvelopeOf(Type.Object({ ...WebhookInfoSchema.properties, secret: Type.String() })),
        },
      },
    },
    async (request) => ok(await messageWebhooks.renew(request.auth!)),
  );

  app.post(
    `${BASE}/webhookDelete`,
    {
      config: { access: 'message:list:publish' },
      schema: {
        tags,
        summary: 'Removes the tenant’s webhook: calls answer 401 afterwards',
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await messageWebhooks.remove(request.auth!);
      return ok(null);
    },
  );

  await app.register(async (scope) => {
    // This scope only: JSON bodies are kept as sent, for the signature.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, body, done) => {
        const text = body as string;
        const invalid = (msg: string) => badRequest(msg, 'validation', { fields: { body: msg } });
        if (jsonDepthExceeds(text))
          return done(invalid(`body is nested deeper than ${MAX_INPUT_DEPTH} levels`));
        rawBodies.set(request, text);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(invalid('body is not valid JSON'));
        }
      },
    );

    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/f/messageWebhook/:tenantId',
      {
        config: { access: 'public' },
        // After the schema (ill-formed input is a 400 naming the field, as on every route), before anything acts.
        preHandler: async (request) => {
          const header = (name: string) => {
            const value = request.headers[name];
            return Array.isArray(value) ? value[0] : value;
          };
          await messageWebhooks.verify(
            request.params.tenantId,
            header(WEBHOOK_TIMESTAMP_HEADER),
            header(WEBHOOK_SIGNATURE_HEADER),
            rawBodies.get(request) ?? '',
          );
        },
        schema: {
          tags,
          summary:
            `Another system (a fire alarm panel, a CAP feed bridge) sends or stops one of the tenant’s messages. JSON body; headers ` +
            `${WEBHOOK_TIMESTAMP_HEADER} (Unix seconds, within ${WEBHOOK_TOLERANCE_SECONDS} s) and ${WEBHOOK_SIGNATURE_HEADER}: ` +
            '`sha256=` + hex HMAC-SHA-256 with the tenant’s secret of `<timestamp>.<raw body>`. A bad or stale signature answers 401 and sends nothing. ' +
            'The message must be the tenant’s, and approved while the audit switch is on (409).',
          params: Type.Object({ tenantId: Id }),
          body: Type.Object({ messageId: Id, action: Type.Enum(['send', 'stop']) }),
          response: { 200: EnvelopeOf(MessageSendResultSchema) },
        },
      },
      async (request) => {
        const { messageId, action } = request.body;
        return ok(await messageWebhooks.act(request.params.tenantId, messageId, action));
      },
    );
  });
};

export default messageWebhookRoutes;
