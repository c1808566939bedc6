import {
  EnvelopeOf,
  MAX_STORAGE_QUOTA_MB,
  MAX_TERMINAL_QUOTA,
  OfficeDetailSchema,
  OfficeNodeSchema,
  OfficeSearchHitSchema,
  PageOf,
  PageQuery,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { announceManifests } from '../programs/announce.js';
import { TIME_ZONE_MAX, terminalsUnderOffice } from '../plans/time-zones.js';
import { AgentItemSchema } from './agents.js';

const tags = ['office'];
const BASE = '/a/api/office';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Quota = (maximum: number, description: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum })], { description }));

/** Institution tree (`/a/api/office/...`): tree data, search, save, delete, move, agent activation. */
const officesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { offices } = app.services;
  const announceOffice = async (officeId: number) =>
    announceManifests(
      app.services.programManifest,
      app.services.terminalBus,
      await terminalsUnderOffice(app.db, officeId),
    );

  app.get(
    `${BASE}/treeDataNew`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Without parentId the caller’s visible root(s); with parentId that office’s children',
        querystring: Type.Object({ parentId: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(OfficeNodeSchema)) },
      },
    },
    async (request) => {
      const { parentId } = request.query;
      const auth = request.auth!;
      return ok(parentId === undefined ? await offices.roots(auth) : await offices.children(auth, parentId));
    },
  );

  app.get(
    `${BASE}/officeDynamicData`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Children of an office (lazy loading of the tree)',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Array(OfficeNodeSchema)) },
      },
    },
    async (request) => ok(await offices.children(request.auth!, request.query.id, 'id')),
  );

  app.get(
    `${BASE}/findChild`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Child offices of an office in the caller’s data range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Array(OfficeNodeSchema)) },
      },
    },
    async (request) => ok(await offices.children(request.auth!, request.query.id, 'id')),
  );

  app.get(
    `${BASE}/searchOffice`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Offices in the caller’s data range whose name contains `name` (at most 50)',
        querystring: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: EnvelopeOf(Type.Array(OfficeSearchHitSchema)) },
      },
    },
    async (request) => ok(await offices.search(request.auth!, request.query.name)),
  );

  app.get(
    `${BASE}/officeNode`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'One office of the caller’s data range with the names along its path (to label a value)',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(OfficeSearchHitSchema) },
      },
    },
    async (request) => ok(await offices.node(request.auth!, request.query.id)),
  );

  app.get(
    `${BASE}/officeInfo`,
    {
      config: { access: 'sys:office:view' },
      schema: {
        tags,
        summary: 'One office with every form field',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(OfficeDetailSchema) },
      },
    },
    async (request) => ok(await offices.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:office:add and editing sys:office:edit; the service checks which applies.
      config: { access: 'sys:office:view' },
      schema: {
        tags,
        summary: 'Creates (no id; sys:office:add) or edits (sys:office:edit) an office',
        body: Type.Object({
          id: Type.Optional(Id),
          parentId: Type.Optional(Id),
          name: Type.String({ maxLength: 1000 }),
          sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
          contact: Text(1000),
          phone: Text(1000),
          address: Text(1000),
          remarks: Text(5000),
          timeZone: Type.Optional(
            Type.Union([Type.String({ maxLength: TIME_ZONE_MAX }), Type.Null()], {
              description:
                'IANA time zone of the plans of its terminals (and those below without one); null or empty: the office above decides; absent: unchanged',
            }),
          ),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const saved = await offices.save(request.auth!, request.body);
      request.log.info({ officeId: saved.id, created: request.body.id === undefined }, 'office saved');
      // Its terminals' plans are read in the zone: their manifests change.
      if (request.body.id !== undefined && request.body.timeZone !== undefined)
        await announceOffice(saved.id);
      return ok(saved);
    },
  );

  app.post(
    `${BASE}/deleteOffice`,
    {
      config: { access: 'sys:office:delete' },
      schema: {
        tags,
        summary: 'Deletes an office; refused (409, changing nothing) while child offices, users… remain',
        body: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await offices.delete(request.auth!, request.body.id);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/moveinstitude`,
    {
      config: { access: 'sys:office:edit' },
      schema: {
        tags,
        summary: 'Moves an office and its subtree under a new parent (no cycles)',
        body: Type.Object({ id: Id, parentId: Id }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await offices.move(request.auth!, request.body.id, request.body.parentId);
      // Zones are inherited down the tree: under a new parent its terminals may have another.
      await announceOffice(request.body.id);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/agentList`,
    {
      config: { access: 'sys:agent:view' },
      schema: {
        tags,
        summary: 'Offices that may become agents, and agents, below the caller’s tenant root',
        querystring: Type.Object({
          ...PageQuery.properties,
          name: Type.Optional(Type.String({ maxLength: 100 })),
          kind: Type.Optional(Type.Enum(['office', 'agent'])),
        }),
        response: { 200: EnvelopeOf(PageOf(AgentItemSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await offices.agentList(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.post(
    `${BASE}/openAgentOffice`,
    {
      config: { access: 'sys:agent:edit' },
      schema: {
        tags,
        summary: 'Turns an office into an agent (or changes an agent’s capacity)',
        body: Type.Object({
          id: Id,
          storageQuotaMb: Quota(MAX_STORAGE_QUOTA_MB, 'Storage quota in MiB; null: none of its own'),
          terminalQuota: Quota(MAX_TERMINAL_QUOTA, 'Most terminals; null: no limit of its own'),
        }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { id, storageQuotaMb = null, terminalQuota = null } = request.body;
      await offices.openAgent(request.auth!, id, { storageQuotaMb, terminalQuota });
      request.log.info({ officeId: id }, 'agent opened');
      return ok(null);
    },
  );
};

export default officesRoutes;
