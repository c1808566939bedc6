import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Database } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { recordProviderEvent } from './provider-events.js';
import { paymentProvider } from './providers/index.js';

/** Options of the webhook routes: where they are, and how storage use is read for refunds. */
export interface WebhookRouteOptions {
  base: string;
  storageUsed: (db: Database, path: string) => Promise<number>;
}

/**
 * POST `{base}/webhook/:provider`: where a card or wallet provider reports payments. The body is
 * kept as raw bytes for the provider's signature check (`verifyWebhook`); a provider without one —
 * bank transfer, the only one offered now — answers 404, and a wrong signature 401. A verified
 * report is recorded like a finance user's confirmation (or refund), once per provider transaction.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<WebhookRouteOptions> = async (
  app,
  { base, storageUsed },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    `${base}/webhook/:provider`,
    {
      config: { access: 'public' },
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['payment'],
        summary:
          'Signed callback of a payment provider (raw body; signature checked by the provider adapter). 404 for a provider that takes no webhooks (bank transfer is confirmed by hand)',
        params: Type.Object({
          provider: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }),
        }),
      },
    },
    async (request) => {
      const { provider: id } = request.params as { provider: string };
      const provider = paymentProvider(id);
      if (!provider?.verifyWebhook) {
        throw new AppError(404, `No payment provider "${id}" takes webhooks here`, 'notFound');
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = provider.verifyWebhook({ headers: request.headers, rawBody });
      if (!event) throw new AppError(401, `The ${id} webhook's signature does not verify`, 'badSignature');
      return ok(await recordProviderEvent(app.db, provider.id, event, storageUsed));
    },
  );
};
