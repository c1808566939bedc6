import type { BankDetails, PaymentProvider } from '@apm/contract';

/** What a provider is told about an order that is waiting for payment. */
export interface PayableOrder {
  id: number;
  paymentReference: string;
  totalMinor: number;
  currency: string;
}

/** How the customer pays an order: shown with the order until it is paid. */
export interface PaymentInstructions {
  /** Bank account to transfer to (bank transfer), null when the seller has not set one. */
  bank: BankDetails | null;
  /** Where to pay online (card and wallet providers), null for offline payment. */
  redirectUrl: string | null;
}

/** A payment or refund a provider reports through its webhook, once its signature is verified. */
export interface ProviderEvent {
  kind: 'payment' | 'refund';
  paymentReference: string;
  amountMinor: number;
  currency: string;
  /** The provider's id of the transaction (kept in the ledger to recognise a repeated report). */
  providerRef: string;
  valueDate: string;
}

/** The raw webhook request a provider's signature is checked against. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/**
 * A way of paying. Bank transfer (offline) is confirmed by a finance user; a card or wallet provider
 * would also answer `verifyWebhook`, turning its signed callback into a {@link ProviderEvent} (or
 * null when the signature is wrong), which the payment centre then records like a confirmation.
 */
export interface PaymentProviderAdapter {
  /** `bankTransfer`, or the id of a card or wallet provider (its webhook's path). */
  id: PaymentProvider | (string & {});
  /** Whether payments arrive by a person confirming them (true) or by webhook (false). */
  confirmedByHand: boolean;
  instructions(order: PayableOrder, sellerBank: BankDetails | null): PaymentInstructions;
  /** Verifies a webhook's signature and reads its event; absent for providers without webhooks. */
  verifyWebhook?(request: WebhookRequest): ProviderEvent | null;
}
