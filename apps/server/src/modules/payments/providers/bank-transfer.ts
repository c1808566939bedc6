import type { PaymentProviderAdapter } from './types.js';

/**
 * Bank transfer (offline): the customer transfers the total to the seller's account quoting the
 * order's payment reference; a finance user of the seller confirms receipt. No webhook.
 */
export const bankTransferProvider: PaymentProviderAdapter = {
  id: 'bankTransfer',
  confirmedByHand: true,
  instructions: (_order, sellerBank) => ({ bank: sellerBank, redirectUrl: null }),
};
