import {
  EnvelopeOf,
  MessageDeliveryPageSchema,
  MessageDeliveryQuerySchema,
  MessageIdBodySchema,
  MessageResendBodySchema,
  MessageSendResultSchema,
  PageOf,
  PageQuery,
  PublishTerminalSchema,
  TerminalGroupNodeSchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { groupTreeMap } from '../programs/publish-trees.js';
import { selectTerminals } from '../programs/terminal-choice.js';
import { MESSAGE_CHOOSERS, MESSAGE_DELIVERY_VIEWERS, MESSAGE_SENDERS } from './schemas.js';

const tags = ['message'];
const BASE = '/a/api/publishMessage';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Sending messages (`/a/api/publishMessage/...`): send, send again, stop, delivery, the choice of targets. */
const messagePublishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { messageDelivery } = app.services;

  app.post(
    `${BASE}/savePublish`,
    {
      config: { access: MESSAGE_SENDERS },
      schema: {
        tags,
        summary:
          'Sends a message to its targets in one showMessage batch (online terminals at once, offline ones when they connect, until it ends); terminals no longer targeted are told to stop. ' +
          '409 when it is not approved while the audit switch is on, is past its end, or its image or program is not approved; 400 when its targets hold no claimed terminal.',
        body: MessageIdBodySchema,
        response: { 200: EnvelopeOf(MessageSendResultSchema) },
      },
    },
    async (request) => ok(await messageDelivery.publish(request.auth!, request.body.id)),
  );

  app.post(
    `${BASE}/reuploadMessage`,
    {
      config: { access: MESSAGE_SENDERS },
      schema: {
        tags,
        summary:
          'Sends the current revision again: to every target (as savePublish), or to the given terminals it was sent to (404 naming others)',
        body: MessageResendBodySchema,
        response: { 200: EnvelopeOf(MessageSendResultSchema) },
      },
    },
    async (request) =>
      ok(await messageDelivery.resend(request.auth!, request.body.id, request.body.terminalIds)),
  );

  app.post(
    `${BASE}/stop`,
    {
      config: { access: MESSAGE_SENDERS },
      schema: {
        tags,
        summary:
          'Stops a message on every screen: stopMessage to each terminal holding it; offline terminals never get what they had not received yet',
        body: MessageIdBodySchema,
        response: { 200: EnvelopeOf(MessageSendResultSchema) },
      },
    },
    async (request) => ok(await messageDelivery.stop(request.auth!, request.body.id)),
  );

  app.get(
    `${BASE}/findSendMessages`,
    {
      config: { access: MESSAGE_DELIVERY_VIEWERS },
      schema: {
        tags,
        summary:
          'Where a sent message stands on each of its terminals (caller’s range), by name, paged: queued, delivered, showing, expired, failed or stopped; with the count of every state',
        querystring: MessageDeliveryQuerySchema,
        response: { 200: EnvelopeOf(MessageDeliveryPageSchema) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await messageDelivery.deliveries(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/terminalSelect`,
    {
      config: { access: MESSAGE_CHOOSERS },
      schema: {
        tags,
        summary:
          'Claimed terminals of the caller’s range a message can go to, paged: filter by office (and below), group (and subgroups), name or device id, online',
        querystring: Type.Object({
          ...PageQuery.properties,
          officeId: Type.Optional(Id),
          groupId: Type.Optional(Id),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
          online: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(PageOf(PublishTerminalSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await selectTerminals(app.db, request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/groupsterminals`,
    {
      config: { access: MESSAGE_CHOOSERS },
      schema: {
        tags,
        summary:
          'Terminal groups of the caller’s range (or of officeId and below), nested, with their terminal counts: the group targets of a message',
        querystring: Type.Object({ officeId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(TerminalGroupNodeSchema)) },
      },
    },
    async (request) => ok(await groupTreeMap(app.db, request.auth!, request.query.officeId)),
  );
};

export default messagePublishRoutes;
