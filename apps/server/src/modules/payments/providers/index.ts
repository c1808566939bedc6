import type { PaymentProvider } from '@apm/contract';
import { bankTransferProvider } from './bank-transfer.js';
import type { PaymentProviderAdapter } from './types.js';

export type { PaymentProviderAdapter, PaymentInstructions, ProviderEvent, WebhookRequest } from './types.js';

/** The providers this server offers, by id. */
const PROVIDERS = new Map<string, PaymentProviderAdapter>([[bankTransferProvider.id, bankTransferProvider]]);

/**
 * Offers a provider (a card or wallet adapter, at start-up); its webhook then reaches
 * `/a/api/payment/webhook/<id>`. A provider of the same id is replaced.
 */
export function registerPaymentProvider(provider: PaymentProviderAdapter): void {
  PROVIDERS.set(provider.id, provider);
}

/** The provider of an id, or undefined when this server has none by that name. */
export function paymentProvider(id: string): PaymentProviderAdapter | undefined {
  return PROVIDERS.get(id);
}

/** The provider new orders are paid with. */
export const DEFAULT_PROVIDER: PaymentProvider = 'bankTransfer';
