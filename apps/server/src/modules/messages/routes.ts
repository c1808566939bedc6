import {
  EnvelopeOf,
  MessageDetailSchema,
  MessageIdsBodySchema,
  MessageListQuerySchema,
  MessageSaveBodySchema,
  MessageSubmitNoteBodySchema,
  MessageSummarySchema,
  PageOf,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { messageBodyError } from './message-check.js';
import publishRoutes from './publish-routes.js';
import reviewRoutes from './review-routes.js';
import { MESSAGE_MAKERS, MESSAGE_VIEWERS } from './schemas.js';
import terminalRoutes from './terminal-routes.js';
import webhookRoutes from './webhook-routes.js';

const tags = ['message'];
const BASE = '/a/api/publishMessage';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Messages (`/a/api/publishMessage/...`): production, the recycle bin; sending, delivery, review, terminals. */
const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messages } = app.services;
  await app.register(publishRoutes);
  await app.register(reviewRoutes);
  await app.register(terminalRoutes);
  await app.register(webhookRoutes);

  app.get(
    `${BASE}/list`,
    {
      config: { access: MESSAGE_VIEWERS },
      schema: {
        tags,
        summary:
          'Messages of the caller’s data range (the recycle bin with deleted=true): filtered by name or text, kind, status, review state; sorted and paged on the server; with the delivery counts of their last send',
        querystring: MessageListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(MessageSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await messages.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  for (const [path, summary] of [
    ['getPublishMessage', 'One message with its document and targets; 404 outside the caller’s data range'],
    [
      'messagePreview',
      'The message as saved (the version under review), with the console URL of its image, for drawing it with the shared renderer',
    ],
  ] as const) {
    app.get(
      `${BASE}/${path}`,
      {
        config: { access: MESSAGE_VIEWERS },
        schema: {
          tags,
          summary,
          querystring: Type.Object({ id: Id }),
          response: { 200: EnvelopeOf(MessageDetailSchema) },
        },
      },
      async (request) => ok(await messages.detail(request.auth!, request.query.id)),
    );
  }

  app.post(
    `${BASE}/ajaxSave`,
    {
      // Creating needs message:form:add and updating message:form:edit; the service checks which applies.
      config: { access: MESSAGE_MAKERS },
      attachValidation: true,
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a message. 400 names each bad field (`document.ticker.offsetPercent`); 404 names a notice image, takeover program or target outside your scope; ' +
          '409 messageConflict when baseRevision is no longer the current one. With the audit switch on, the message waits for review (a sent one is withheld from its screens until approved); otherwise a sent one gets its new revision on its screens.',
        body: MessageSaveBodySchema,
        response: { 200: EnvelopeOf(MessageDetailSchema) },
      },
    },
    async (request) => {
      if (request.validationError) throw messageBodyError(request.validationError);
      return ok(await messages.save(request.auth!, request.body));
    },
  );

  app.post(
    `${BASE}/ajaxDelete`,
    {
      config: { access: 'message:list:delete' },
      schema: {
        tags,
        summary:
          'Moves messages to the recycle bin, all or nothing (404 naming ids outside your scope); each is stopped on every screen',
        body: MessageIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await messages.softDelete(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/restore`,
    {
      config: { access: 'message:list:delete' },
      schema: {
        tags,
        summary: 'Brings messages back from the recycle bin (stopped; they are not sent again by themselves)',
        body: MessageIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await messages.restore(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/delete`,
    {
      config: { access: 'message:list:delete' },
      schema: {
        tags,
        summary:
          'Deletes messages of the recycle bin for good, all or nothing (409 naming those not in it, 404 those outside your scope)',
        body: MessageIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await messages.purge(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/submitNote`,
    {
      config: { access: 'message:form:edit' },
      schema: {
        tags,
        summary:
          'The author sends a rejected message back to review with a note to the reviewers (409 unless it is rejected); its reviewers are told',
        body: MessageSubmitNoteBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await messages.resubmit(request.auth!, request.body.id, request.body.note);
      return ok(null);
    },
  );
};

export default messageRoutes;
