import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';
import { assertSafeInput, jsonDepthExceeds, MAX_INPUT_DEPTH } from '../lib/validation/input-safety.js';

/**
 * The input rules every route gets before it acts: JSON bodies nested deeper than {@link MAX_INPUT_DEPTH} are
 * refused by the parser, and no body, query string or path parameter may carry a NUL, a lone surrogate or deep
 * nesting anywhere, even in a field the route ignores (400 naming the field; the refusal is audited).
 * The types and ranges of declared fields are checked by the strict validator (lib/validation).
 */
export default fp(
  async function input(app: FastifyInstance) {
    const parseJson = app.getDefaultJsonParser('error', 'ignore');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonDepthExceeds(body as string)) {
        const msg = `body is nested deeper than ${MAX_INPUT_DEPTH} levels`;
        done(badRequest(msg, 'validation', { fields: { body: msg } }), undefined);
        return;
      }
      parseJson(request, body as string, done);
    });

    app.addHook('preValidation', async (request) => {
      assertSafeInput(request.params, 'params');
      assertSafeInput(request.query, 'query');
      assertSafeInput(request.body, 'body');
    });
  },
  { name: 'apm-input' },
);
