import {
  EnvelopeOf,
  OrderDetailSchema,
  OrderPlaceBodySchema,
  PageOf,
  SellerAccountSaveBodySchema,
  SellerAccountSchema,
  ServiceActiveBodySchema,
  ServiceIdsBodySchema,
  ServiceListQuerySchema,
  ServiceProductSchema,
  ServiceSaveBodySchema,
} from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../lib/envelope.js';
import { orderServiceFor } from '../payments/routes.js';
import { CatalogueService } from './catalogue-service.js';
import { SellerAccountService } from './seller-account-service.js';

const tags = ['purchase'];
const BASE = '/a/api/purchase';

/**
 * Purchase service (`/a/api/purchase/...`): the catalogue a seller (platform or agent) manages with
 * service:purchase:edit, which its customers browse (service:purchase:view) and order from
 * (service:purchase:add); the seller's bank details that bank-transfer orders show.
 */
const purchaseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalogue = new CatalogueService(app.db);
  const accounts = new SellerAccountService(app.db);
  const orders = orderServiceFor(app);

  app.get(
    `${BASE}/services`,
    {
      config: { access: 'service:purchase:view' },
      schema: {
        tags,
        summary:
          'One page of a catalogue: scope=manage the caller’s own (platform or agent, service:purchase:edit, inactive included), ' +
          'scope=buy the active services of the caller’s seller (the agent above it, else the platform); searched by name or description, filtered by kind, sorted and paged',
        querystring: ServiceListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(ServiceProductSchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await catalogue.list(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.post(
    `${BASE}/saveService`,
    {
      config: { access: 'service:purchase:edit' },
      schema: {
        tags,
        summary:
          'Creates (no id) or updates a service of the caller’s catalogue: kind, name, units one purchase grants, price in integer minor units, ' +
          'ISO currency, optional tax rate in basis points (0–10000); 403 for a customer, 404 naming id outside the catalogue',
        body: ServiceSaveBodySchema,
        response: { 200: EnvelopeOf(ServiceProductSchema) },
      },
    },
    async (request) => ok(await catalogue.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/setServiceActive`,
    {
      config: { access: 'service:purchase:edit' },
      schema: {
        tags,
        summary:
          'Offers a service of the caller’s catalogue again, or stops offering it (placed orders are kept)',
        body: ServiceActiveBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await catalogue.setActive(request.auth!, request.body.id, request.body.active);
      return ok(null);
    },
  );

  app.post(
    `${BASE}/deleteService`,
    {
      config: { access: 'service:purchase:edit' },
      schema: {
        tags,
        summary:
          'Deletes services of the caller’s catalogue, all or nothing (404 naming ids outside it); orders keep their copy',
        body: ServiceIdsBodySchema,
        response: { 200: EnvelopeOf(Type.Null()) },
      },
    },
    async (request) => {
      await catalogue.remove(request.auth!, request.body.ids);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/sellerAccount`,
    {
      config: { access: 'service:purchase:edit' },
      schema: {
        tags,
        summary:
          'The caller’s own seller account (platform or agent): bank details, tax number and invoice address',
        response: { 200: EnvelopeOf(SellerAccountSchema) },
      },
    },
    async (request) => ok(await accounts.own(request.auth!)),
  );

  app.post(
    `${BASE}/saveSellerAccount`,
    {
      config: { access: 'service:purchase:edit' },
      schema: {
        tags,
        summary:
          'Saves the bank details customers transfer to, and the tax number and address invoices carry',
        body: SellerAccountSaveBodySchema,
        response: { 200: EnvelopeOf(SellerAccountSchema) },
      },
    },
    async (request) => ok(await accounts.save(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/placeOrder`,
    {
      config: { access: 'service:purchase:add' },
      schema: {
        tags,
        summary:
          'The caller’s institution orders an active service of its seller (404 naming serviceId otherwise) quantity times; answers the order ' +
          'with its payment reference and the seller’s bank details. 409 when it buys capacity it has no quota of (not limited).',
        body: OrderPlaceBodySchema,
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.place(request.auth!, request.body)),
  );
};

export default purchaseRoutes;
