import {
  EnvelopeOf,
  PageOf,
  PageQuery,
  PublishTerminalSchema,
  StrategyDetailSchema,
  StrategyDetailsBodySchema,
  StrategyIdsBodySchema,
  StrategyLinkedSchema,
  StrategyListQuerySchema,
  StrategyPolicyBodySchema,
  StrategySaveBodySchema,
  StrategySendBodySchema,
  StrategySentSchema,
  StrategySummarySchema,
  StrategyTerminalPageSchema,
  StrategyTerminalsBodySchema,
  StrategyTerminalsQuerySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sql } from 'drizzle-orm';
import { strategyTerminals, terminals } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import { selectTerminals } from '../programs/terminal-choice.js';
import { STRATEGY_DELETERS, STRATEGY_EDITORS, STRATEGY_MAKERS, STRATEGY_VIEWERS } from './schemas.js';
import { StrategyDelivery } from './strategy-delivery.js';
import { StrategyService } from './strategy-service.js';

const tags = ['strategy'];
const BASE = '/a/api/strategy';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/**
 * Terminal strategies (`/a/api/strategy/...`): named bundles of terminal policies (power on/off per
 * weekday, volume and brightness by time of day, download windows, screenshot interval, reboot
 * time), the terminals that follow each, and sending them with a per-terminal acknowledgement.
 */
const strategyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const delivery = new StrategyDelivery(app.db, app.services.terminalCommands, app.services.terminalPresence);
  const service = new StrategyService(app.db, delivery);

  app.get(
    `${BASE}/list`,
    {
      config: { access: STRATEGY_VIEWERS },
      schema: {
        tags,
        summary:
          'Strategies of the caller’s data range, filtered by name or description (keyword), sorted and paged on the server, with their linked and pending terminal counts',
        querystring: StrategyListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(StrategySummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await service.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/strategyDetail`,
    {
      config: { access: STRATEGY_VIEWERS },
      schema: {
        tags,
        summary: 'One strategy with its policies; 404 outside the caller’s data range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(StrategyDetailSchema) },
      },
    },
    async (request) => ok(await service.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/saveStrategy`,
    {
      // Creating needs terminal:strategy:add and updating terminal:strategy:edit; the service checks which.
      config: { access: STRATEGY_MAKERS },
      schema: {
        tags,
        summary:
          'Creates (no id; name and document) or updates (name, description, and the document when given) a strategy. ' +
          '400 names each bad field (`document.volume.1.from`); 409 nameTaken when the office has another of that name, strategyConflict when baseRevision is not current. ' +
          'Changed policies mark the linked terminals pending: nothing is sent by itself.',
        body: StrategySaveBodySchema,
        response: { 200: EnvelopeOf(StrategyDetailSchema) },
      },
    },
    async (request) => ok(await service.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/saveStrategyDetails`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Replaces every policy of a strategy (the whole document); 400 naming the bad field, 409 when baseRevision is not current; linked terminals become pending',
        body: StrategyDetailsBodySchema,
        response: { 200: EnvelopeOf(StrategyDetailSchema) },
      },
    },
    async (request) => {
      const { id, document, baseRevision } = request.body;
      return ok(await service.saveDocument(request.auth!, id, document, baseRevision));
    },
  );

  app.post(
    `${BASE}/saveStrategyDetail`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Replaces one policy of a strategy (policy: power, volume, brightness, downloadWindows, screenshotIntervalMinutes or rebootTime; value as in the document); 400 naming `value...`',
        body: StrategyPolicyBodySchema,
        response: { 200: EnvelopeOf(StrategyDetailSchema) },
      },
    },
    async (request) => {
      const { id, policy, value, baseRevision } = request.body;
      return ok(await service.savePolicy(request.auth!, id, policy, value, baseRevision));
    },
  );

  app.post(
    `${BASE}/deleteStrategy`,
    {
      config: { access: STRATEGY_DELETERS },
      schema: {
        tags,
        summary:
          'Deletes strategies, all or nothing (404 naming ids outside your range); their terminals are unlinked and those sent one are told to drop it',
        body: StrategyIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await service.remove(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/relationTerminals`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Links claimed terminals of your range to the strategy (a terminal follows one strategy: one linked elsewhere moves here); they wait for a send',
        body: StrategyTerminalsBodySchema,
        response: { 200: EnvelopeOf(StrategyLinkedSchema) },
      },
    },
    async (request) => {
      const { id, terminalIds } = request.body;
      return ok(await delivery.link(request.auth!, id, terminalIds));
    },
  );

  app.post(
    `${BASE}/disassociateTerminals`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Unlinks terminals from the strategy (404 naming those not linked to it); terminals that were sent it drop it',
        body: StrategyTerminalsBodySchema,
        response: { 200: EnvelopeOf(Type.Object({ unlinked: Type.Integer() })) },
      },
    },
    async (request) => {
      const { id, terminalIds } = request.body;
      return ok(await delivery.unlink(request.auth!, id, terminalIds));
    },
  );

  app.get(
    `${BASE}/findRelationTerminals`,
    {
      config: { access: STRATEGY_VIEWERS },
      schema: {
        tags,
        summary:
          'The strategy’s linked terminals of your range by name, paged, filtered by keyword and delivery state (pending, queued, sent, acked, failed), with what each could not apply and the count of every state',
        querystring: StrategyTerminalsQuerySchema,
        response: { 200: EnvelopeOf(StrategyTerminalPageSchema) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await delivery.terminals(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/terminalSelect`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Claimed terminals of the caller’s range to link, paged: filter by office (and below), group (and subgroups), name or device id, online; `published` marks (or filters on) those linked to strategy `id`',
        querystring: Type.Object({
          ...PageQuery.properties,
          id: Id,
          officeId: Type.Optional(Id),
          groupId: Type.Optional(Id),
          keyword: Type.Optional(Type.String({ maxLength: 200 })),
          online: Type.Optional(Type.Boolean()),
          published: Type.Optional(Type.Boolean()),
        }),
        response: { 200: EnvelopeOf(PageOf(PublishTerminalSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, id, ...rest } = request.query;
      await service.detail(request.auth!, id);
      const linked = sql<boolean>`exists (select 1 from ${strategyTerminals} where ${strategyTerminals.terminalId} = ${terminals.id} and ${strategyTerminals.strategyId} = ${id})`;
      return ok(await selectTerminals(app.db, request.auth!, { pageNo, pageSize, ...rest }, linked));
    },
  );

  app.post(
    `${BASE}/sendStrategy`,
    {
      config: { access: STRATEGY_EDITORS },
      schema: {
        tags,
        summary:
          'Sends the strategy’s current revision to its linked terminals (or the linked ones named) as applyStrategy commands: online ones get it at once, offline ones when they connect; each ack is its delivery state',
        body: StrategySendBodySchema,
        response: { 200: EnvelopeOf(StrategySentSchema) },
      },
    },
    async (request) => {
      const { id, terminalIds, ttlSeconds } = request.body;
      const sent = await delivery.send(request.auth!, id, terminalIds, ttlSeconds);
      request.log.info({ strategyId: id, batchId: sent.batchId, count: sent.count }, 'strategy sent');
      return ok(sent);
    },
  );
};

export default strategyRoutes;
