import type { BankDetails, SellerAccount, SellerAccountSaveBody } from '@apm/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sellerAccounts } from '../../db/schema/index.js';
import type { AuthContext } from '../auth/session-service.js';
import type { OfficeRow } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import { callerSeller } from './sellers.js';

/** Trims the optional texts of bank details; empty ones become null. */
const cleanBank = (bank: BankDetails): BankDetails => ({
  accountName: bank.accountName.trim(),
  bankName: bank.bankName.trim(),
  accountNumber: bank.accountNumber.trim(),
  bankCode: bank.bankCode?.trim() || null,
  instructions: bank.instructions?.trim() || null,
});

/** A seller's bank details and invoice data (the platform's and each agent's own). */
export class SellerAccountService {
  constructor(private readonly db: Database) {}

  /** The account of a seller office; empty until it was saved. */
  async of(seller: Pick<OfficeRow, 'id' | 'name'>): Promise<SellerAccount> {
    const [row] = await this.db.select().from(sellerAccounts).where(eq(sellerAccounts.officeId, seller.id));
    return {
      officeId: seller.id,
      officeName: seller.name,
      bank: row?.bank ?? null,
      taxNumber: row?.taxNumber ?? null,
      address: row?.address ?? null,
    };
  }

  /** The caller's own account (platform or agent). */
  async own(auth: AuthContext): Promise<SellerAccount> {
    return this.of(await callerSeller(this.db, auth));
  }

  /** Saves the caller's bank details, tax number and address. */
  async save(auth: AuthContext, body: SellerAccountSaveBody): Promise<SellerAccount> {
    const seller = await callerSeller(this.db, auth);
    for (const field of ['accountName', 'bankName', 'accountNumber'] as const) {
      if (!body.bank[field].trim()) throw fieldError(400, `bank.${field}`, `bank.${field} is required`);
    }
    const values = {
      bank: cleanBank(body.bank),
      taxNumber: body.taxNumber?.trim() || null,
      address: body.address?.trim() || null,
      updatedAt: new Date(),
    };
    await this.db
      .insert(sellerAccounts)
      .values({ officeId: seller.id, ...values })
      .onConflictDoUpdate({ target: sellerAccounts.officeId, set: values });
    return this.of(seller);
  }
}
