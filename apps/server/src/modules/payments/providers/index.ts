import type { PaymentProvider } from '@apm/contract';
import { bankTransferProvider } from './bank-transfer.js';
import type { PaymentProviderAdapter } from './types.js';

export type { PaymentProviderAdapter, PaymentInstructions, ProviderEvent, WebhookRequest } from './types.js';

/** The providers this server offers, by id. Card and wallet providers are added here. */
const PROVIDERS: ReadonlyMap<string, PaymentProviderAdapter> = new Map([
  [bankTransferProvider.id, bankTransferProvider],
]);

/** The provider of an id, or undefined when this server has none by that name. */
export function paymentProvider(id: string): PaymentProviderAdapter | undefined {
  return PROVIDERS.get(id);
}

/** The provider new orders are paid with. */
export const DEFAULT_PROVIDER: PaymentProvider = bankTransferProvider.id;
