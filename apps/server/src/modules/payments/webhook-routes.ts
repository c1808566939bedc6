import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.js';
import { paymentProvider } from './providers/index.js';

/**
 * POST `{base}/webhook/:provider`: where a card or wallet provider reports payments. The body is
 * kept as raw bytes for the provider's signature check (`verifyWebhook`); a provider without one —
 * bank transfer, the only one offered now — answers 404, and a wrong signature 401.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ base: string }> = async (app, { base }) => {
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
      // A provider with webhooks records its event like a confirmation; none is offered yet.
      throw new AppError(501, `Payments reported by ${id} are not recorded yet`, 'notImplemented');
    },
  );
};
