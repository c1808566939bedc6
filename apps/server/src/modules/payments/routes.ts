import {
  BalanceQuerySchema,
  BalanceSchema,
  EnvelopeOf,
  LanguageSchema,
  LedgerEntrySchema,
  LedgerQuerySchema,
  Languages,
  OrderDetailSchema,
  OrderIdBodySchema,
  OrderListQuerySchema,
  OrderSummarySchema,
  PageOf,
  PaymentConfirmBodySchema,
  RefundBodySchema,
  type Language,
} from '@apm/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import { StorageCapacityService } from '../materials/storage-capacity.js';
import { SellerAccountService } from '../purchase/seller-account-service.js';
import { InvoiceService } from './invoice-service.js';
import { LedgerService } from './ledger-service.js';
import { pageOrders } from './order-queries.js';
import { OrderService } from './order-service.js';
import './office-delete-checks.js';
import { paymentWebhookRoutes } from './webhook-routes.js';

const tags = ['payment'];
const BASE = '/a/api/payment';
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The order service of an app (the purchase routes place orders through it too). */
export function orderServiceFor(app: FastifyInstance): OrderService {
  return new OrderService(app.db, new SellerAccountService(app.db), storageUsedFor(app));
}

/** Bytes of storage used under an office path, read through the given handle (a transaction). */
const storageUsedFor = (app: FastifyInstance) => (db: Database, path: string) =>
  new StorageCapacityService(db, app.services.settings).usedUnder(path);

/** The console language asked for, else the `language` cookie's, else English. */
const languageOf = (asked: string | undefined, cookie: string | undefined): Language => {
  const value = (asked ?? cookie ?? '').toUpperCase();
  return (Languages as readonly string[]).includes(value) ? (value as Language) : 'US';
};

/**
 * Payment centre (`/a/api/payment/...`): orders of the caller's scope (a customer its own, an agent
 * its customers', the platform all) with their history; the seller's finance users
 * (service:payment:review) confirm bank transfers, fulfil and refund; invoices as PDF; the ledger
 * and balance.
 */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const orders = orderServiceFor(app);
  const ledger = new LedgerService(app.db);
  const invoices = new InvoiceService(app.db);

  app.get(
    `${BASE}/orders`,
    {
      config: { access: 'service:payment:view' },
      schema: {
        tags,
        summary:
          'One page of the orders of the caller’s scope, searched by payment reference, service or customer name, filtered by state and customer, sorted and paged',
        querystring: OrderListQuerySchema,
        response: { 200: EnvelopeOf(PageOf(OrderSummarySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await pageOrders(app.db, request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/orderDetail`,
    {
      config: { access: ['service:payment:view', 'service:purchase:add'] },
      schema: {
        tags,
        summary:
          'One order with its history, ledger entries, the seller’s bank details and what the caller may do; 404 outside the caller’s scope',
        querystring: Type.Object({ id: Id }),
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.detail(request.auth!, request.query.id)),
  );

  app.post(
    `${BASE}/cancelOrder`,
    {
      config: { access: ['service:payment:add', 'service:purchase:add', 'service:payment:review'] },
      schema: {
        tags,
        summary:
          'Cancels an order waiting for payment (its buyer, or the seller’s finance); 409 naming its state otherwise',
        body: OrderIdBodySchema,
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.cancel(request.auth!, request.body.id, request.body.note)),
  );

  app.post(
    `${BASE}/confirmPayment`,
    {
      config: { access: 'service:payment:review' },
      schema: {
        tags,
        summary:
          'A finance user of the seller records the bank transfer that arrived: amountMinor must equal the total (400 naming amountMinor), valueDate a past day. ' +
          'The order becomes paid, its invoice is issued, then it is fulfilled (capacity raised) — or stays paid with fulfilmentError saying why. ' +
          'A repeated confirmation is refused (409): nothing is paid or fulfilled twice.',
        body: PaymentConfirmBodySchema,
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.confirm(request.auth!, request.body)),
  );

  app.post(
    `${BASE}/fulfilOrder`,
    {
      config: { access: 'service:payment:review' },
      schema: {
        tags,
        summary:
          'Tries again to fulfil a paid order (capacity raised and state fulfilled together); 409 saying why it cannot be',
        body: OrderIdBodySchema,
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.fulfil(request.auth!, request.body.id)),
  );

  app.post(
    `${BASE}/refundOrder`,
    {
      config: { access: 'service:payment:review' },
      schema: {
        tags,
        summary:
          'Refunds the whole total of a paid or fulfilled order (note says why) and takes back the capacity it raised; ' +
          '409 when the customer uses more than would be left, or the order cannot be refunded in its state',
        body: RefundBodySchema,
        response: { 200: EnvelopeOf(OrderDetailSchema) },
      },
    },
    async (request) => ok(await orders.refund(request.auth!, request.body)),
  );

  app.get(
    `${BASE}/invoicePdf`,
    {
      config: { access: 'service:payment:view' },
      schema: {
        tags,
        summary:
          'The invoice of a paid order as PDF, in `language` or the `language` cookie’s; 404 before payment',
        querystring: Type.Object({ orderId: Id, language: Type.Optional(LanguageSchema) }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.language, request.cookies.language);
      const { fileName, bytes } = await invoices.pdf(request.auth!, request.query.orderId, language);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );

  app.get(
    `${BASE}/ledger`,
    {
      config: { access: 'service:payment:view' },
      schema: {
        tags,
        summary: 'Payments received and refunds sent within the caller’s scope, newest first, paged',
        querystring: LedgerQuerySchema,
        response: { 200: EnvelopeOf(PageOf(LedgerEntrySchema)) },
      },
    },
    async (request) => {
      const { pageNo = 1, pageSize = 10, ...rest } = request.query;
      return ok(await ledger.page(request.auth!, { pageNo, pageSize, ...rest }));
    },
  );

  app.get(
    `${BASE}/balance`,
    {
      config: { access: 'service:payment:view' },
      schema: {
        tags,
        summary:
          'Per currency: paid, refunded and owed (orders waiting for payment) of one customer or the caller’s whole scope',
        querystring: BalanceQuerySchema,
        response: { 200: EnvelopeOf(BalanceSchema) },
      },
    },
    async (request) => ok(await ledger.balance(request.auth!, request.query.customerOfficeId)),
  );

  await app.register(paymentWebhookRoutes, { base: BASE, storageUsed: storageUsedFor(app) });
};

export default paymentRoutes;
