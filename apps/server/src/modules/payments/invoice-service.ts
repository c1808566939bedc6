import type { Language } from '@apm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { orders } from '../../db/schema/index.js';
import {
  invoices,
  invoiceSequences,
  offices,
  payments,
  sellerAccounts,
  type InvoiceParty,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { createPdfReport, formatPdfMoney } from '../../lib/pdf/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { Tx } from './fulfilment.js';
import { INVOICE_LABELS, LANGUAGE_LOCALES } from './invoice-labels.js';
import { orderInScope } from './order-queries.js';

type Order = typeof orders.$inferSelect;

/** Invoice number as printed: the seller and its gapless sequence, `INV-3-000042`. */
export const formatInvoiceNumber = (sellerOfficeId: number, seq: number) =>
  `INV-${sellerOfficeId}-${String(seq).padStart(6, '0')}`;

/** An office as printed on an invoice, with the seller's own tax number and address when it set them. */
async function partyOf(tx: Tx, officeId: number): Promise<InvoiceParty> {
  const [row] = await tx
    .select({
      name: offices.name,
      address: offices.address,
      contact: offices.contact,
      accountAddress: sellerAccounts.address,
      taxNumber: sellerAccounts.taxNumber,
    })
    .from(offices)
    .leftJoin(sellerAccounts, eq(sellerAccounts.officeId, offices.id))
    .where(eq(offices.id, officeId));
  return {
    name: row?.name ?? '',
    address: row?.accountAddress ?? row?.address ?? null,
    taxNumber: row?.taxNumber ?? null,
    contact: row?.contact ?? null,
  };
}

/**
 * Issues the invoice of a paid order in the caller's transaction: the seller's next number, taken
 * by incrementing its sequence row (which stays locked until the transaction ends, so a rolled-back
 * payment leaves no gap and two payments never share a number).
 */
export async function issueInvoice(tx: Tx, order: Order): Promise<string> {
  const [next] = await tx
    .insert(invoiceSequences)
    .values({ sellerOfficeId: order.sellerOfficeId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceSequences.sellerOfficeId,
      set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
    })
    .returning({ seq: invoiceSequences.lastNumber });
  const seq = next!.seq;
  const number = formatInvoiceNumber(order.sellerOfficeId, seq);
  await tx.insert(invoices).values({
    sellerOfficeId: order.sellerOfficeId,
    seq,
    number,
    orderId: order.id,
    seller: await partyOf(tx, order.sellerOfficeId),
    buyer: await partyOf(tx, order.customerOfficeId),
  });
  return number;
}

/** The lines of a party block: name, address, tax number. */
const partyText = (party: InvoiceParty, taxLabel: string) =>
  [party.name, party.address, party.taxNumber ? `${taxLabel}: ${party.taxNumber}` : null]
    .filter(Boolean)
    .join('\n');

/** Invoice PDFs of orders in the caller's scope. */
export class InvoiceService {
  constructor(private readonly db: Database) {}

  /** The invoice of an order as a PDF in `language`, with its file name; 404 before it is paid. */
  async pdf(
    auth: AuthContext,
    orderId: number,
    language: Language,
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const { order } = await orderInScope(this.db, auth, orderId, 'orderId');
    const [invoice] = await this.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) {
      throw new AppError(
        404,
        `Order ${order.paymentReference} has no invoice: it is issued once the payment is confirmed`,
        'noInvoice',
      );
    }
    const [payment] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'payment')));
    const [refund] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    const t = INVOICE_LABELS[language];
    const locale = LANGUAGE_LOCALES[language];
    const money = (minor: number) => formatPdfMoney(minor, order.currency, locale);
    const issuedOn = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      invoice.issuedAt,
    );
    const report = createPdfReport({
      title: `${t.title} ${invoice.number}`,
      headerText: invoice.seller.name,
      footerText: `${t.paymentReference}: ${order.paymentReference}`,
      pageLabel: t.page,
      language: locale,
    });
    report.keyValues([
      { label: t.number, value: invoice.number },
      { label: t.issuedOn, value: issuedOn },
      { label: t.paymentReference, value: order.paymentReference },
      { label: t.paidOn, value: payment?.valueDate ?? '' },
      { label: t.seller, value: partyText(invoice.seller, t.taxNumber) },
      { label: t.buyer, value: partyText(invoice.buyer, t.taxNumber) },
    ]);
    report.space();
    const kind = t.kinds[order.serviceKind as keyof typeof t.kinds] ?? order.serviceKind;
    const taxLabel =
      order.taxRateBp === null ? t.tax : `${t.tax} (${(order.taxRateBp / 100).toLocaleString(locale)} %)`;
    report.table({
      columns: [
        { header: t.service, weight: 3 },
        { header: t.units, align: 'right' },
        { header: t.quantity, align: 'right' },
        { header: t.unitPrice, align: 'right', weight: 1.5 },
        { header: t.net, align: 'right', weight: 1.5 },
      ],
      rows: [
        [
          `${order.serviceName}\n${kind}`,
          String(order.units),
          String(order.quantity),
          money(order.unitPriceMinor),
          money(order.netMinor),
        ],
        { cells: [t.net, '', '', '', money(order.netMinor)] },
        { cells: [taxLabel, '', '', '', money(order.taxMinor)] },
        { cells: [t.total, '', '', '', money(order.totalMinor)], bold: true },
      ],
    });
    if (refund) report.paragraph(`${t.refunded}: ${money(refund.amountMinor)} (${refund.valueDate})`);
    return { fileName: `${invoice.number}.pdf`, bytes: await report.toBuffer() };
  }
}
