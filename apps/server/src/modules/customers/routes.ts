import {
  CustomerBrandConfigSchema,
  CustomerBrandSchema,
  CustomerInfoSchema,
  CustomerItemSchema,
  EnvelopeOf,
  MAX_STORAGE_QUOTA_MB,
  MAX_TERMINAL_QUOTA,
  OfficeNodeSchema,
  PageOf,
  PageQuery,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { CUSTOMER_READ, requireAny } from './customer-service.js';

const tags = ['customer'];
const BASE = '/a/api/customer';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Quota = (maximum: number, description: string) =>
  Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum })], { description }));
const BrandEditSchema = Type.Object({
  ...CustomerBrandSchema.properties,
  officeId: Type.Integer(),
  officeName: Type.String(),
  defaults: Type.Unknown({ description: 'The platform’s default brand, for the preview' }),
});

/** Customers (`/a/api/customer/...`): brand for the sign-in page, lists, tree, capacity, brand and domain. */
const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { customers, offices } = app.services;

  app.get(
    `${BASE}/imgSetting`,
    {
      // Open: the sign-in page needs it before anyone signs in.
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Brand configuration (title, logo, copyright, links...) for the calling host',
        response: { 200: EnvelopeOf(Type.Unknown()) },
      },
    },
    async (request) => ok(await app.services.brands.forHost(request.hostname)),
  );

  app.get(
    `${BASE}/searchCustomer`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Agents and customers below the caller’s institution: search and page on the server',
        querystring: Type.Object({
          ...PageQuery.properties,
          name: Type.Optional(Type.String({ maxLength: 100 })),
          domain: Type.Optional(
            Type.String({ maxLength: 253, description: 'Part of the second domain name' }),
          ),
          kind: Type.Optional(Type.Enum(['agent', 'customer'])),
        }),
        response: { 200: EnvelopeOf(PageOf(CustomerItemSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...filters } = request.query;
      return ok(await customers.search(request.auth!, { pageNo, pageSize, ...filters }));
    },
  );

  app.get(
    `${BASE}/customerDynamicData`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Lazy customer tree: the visible root, or the agents/customers directly below `id`',
        querystring: Type.Object({ id: Type.Optional(Id) }),
        response: { 200: EnvelopeOf(Type.Array(OfficeNodeSchema)) },
      },
    },
    async (request) => ok(await customers.tree(request.auth!, request.query.id)),
  );

  app.get(
    `${BASE}/findChild`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Child offices of a customer (or any office) in the caller’s data range',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(Type.Array(OfficeNodeSchema)) },
      },
    },
    async (request) => {
      requireAny(request.auth!, CUSTOMER_READ);
      return ok(await offices.children(request.auth!, request.query.id, 'id'));
    },
  );

  app.get(
    `${BASE}/customerInfo`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'A customer’s details: capacity, user count, brand and domain',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(CustomerInfoSchema) },
      },
    },
    async (request) => ok(await customers.info(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/save`,
    {
      // Creating needs sys:office:add and editing sys:office:edit; the service checks which applies.
      config: { access: 'sys:office:view' },
      schema: {
        tags,
        summary: 'Creates a customer under the platform or an agent, or edits one, with its capacity',
        body: Type.Object({
          id: Type.Optional(Id),
          parentId: Type.Optional(Id),
          name: Type.String({ maxLength: 1000 }),
          sort: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
          contact: Text(1000),
          phone: Text(1000),
          address: Text(1000),
          remarks: Text(5000),
          storageQuotaMb: Quota(MAX_STORAGE_QUOTA_MB, 'Storage quota in MiB; null: none of its own'),
          terminalQuota: Quota(MAX_TERMINAL_QUOTA, 'Most terminals; null: no limit of its own'),
        }),
        response: { 200: EnvelopeOf(Type.Object({ id: Type.Integer() })) },
      },
    },
    async (request) => {
      const { storageQuotaMb = null, terminalQuota = null, ...rest } = request.body;
      const saved = await customers.save(request.auth!, { ...rest, storageQuotaMb, terminalQuota });
      request.log.info({ officeId: saved.id, created: rest.id === undefined }, 'customer saved');
      return ok(saved);
    },
  );

  app.get(
    `${BASE}/brand`,
    {
      config: { access: 'sys:customer:view' },
      schema: {
        tags,
        summary: 'A subordinate customer’s own brand (customization) with the default brand',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(BrandEditSchema) },
      },
    },
    async (request) => ok(await customers.brand.get(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/saveBrand`,
    {
      config: { access: 'sys:customer:edit' },
      schema: {
        tags,
        summary: 'Switches customization on/off and saves a subordinate customer’s brand fields',
        body: Type.Object({ id: Id, enabled: Type.Boolean(), config: CustomerBrandConfigSchema }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      const { id, enabled, config } = request.body;
      await customers.brand.save(request.auth!, id, enabled, config);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/saveDomainName`,
    {
      config: { access: 'sys:domain:edit' },
      schema: {
        tags,
        summary: 'Sets (or clears with an empty value) a customer’s second domain name',
        body: Type.Object({ id: Id, domainName: Type.Union([Type.String({ maxLength: 300 }), Type.Null()]) }),
        response: { 200: EnvelopeOf(Type.Object({ domainName: Type.Union([Type.String(), Type.Null()]) })) },
      },
    },
    async (request) =>
      ok(await customers.brand.saveDomain(request.auth!, request.body.id, request.body.domainName)),
  );

  app.get(
    `${BASE}/personalized`,
    {
      config: { access: 'sys:personalized:view' },
      schema: {
        tags,
        summary: 'The caller’s own customer brand (personalized interface); null for the platform',
        response: { 200: EnvelopeOf(Type.Union([BrandEditSchema, Type.Null()])) },
      },
    },
    async (request) => ok(await customers.brand.personalized(request.auth!)),
  );

  app.post(
    `${BASE}/savePersonalized`,
    {
      config: { access: 'sys:personalized:edit' },
      schema: {
        tags,
        summary: 'Saves the caller’s own brand fields (the switch stays with the institution above)',
        body: Type.Object({ config: CustomerBrandConfigSchema }),
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await customers.brand.savePersonalized(request.auth!, request.body.config);
      return ok(null);
    },
  );
};

export default customerRoutes;
