import type { BrandConfig, CustomerBrand, CustomerBrandConfig } from '@apm/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerBrands } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeInScope, tenantRootOf, type OfficeRow } from '../offices/office-scope.js';
import type { SettingsService } from '../settings/service.js';
import { fieldError } from '../users/user-access.js';
import { normaliseDomainName, validateBrandConfig } from './brand-validation.js';

/** A brand as the customization pages edit it, with the platform's default brand for the preview. */
export interface BrandEdit extends CustomerBrand {
  officeId: number;
  officeName: string;
  defaults: Omit<BrandConfig, 'brand'>;
}

/** Customization (own brand), second domain names and the personalized interface of customers. */
export class CustomerBrandAdmin {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The stored brand of an office (disabled and empty when none was saved). */
  async brandOf(officeId: number): Promise<CustomerBrand> {
    const [row] = await this.db.select().from(customerBrands).where(eq(customerBrands.officeId, officeId));
    return { enabled: row?.enabled ?? false, config: row?.config ?? {}, domainName: row?.domainName ?? null };
  }

  /** An agent or customer strictly below the caller's tenant root, or 404 / 403. */
  private async managed(auth: AuthContext, id: number): Promise<OfficeRow> {
    const office = await officeInScope(this.db, auth, id);
    if (office.kind !== 'customer' && office.kind !== 'agent') {
      throw fieldError(404, 'id', `id: no such customer within your data range (${id})`, 'notFound');
    }
    if (office.path === auth.tenantPath) {
      throw forbidden(
        `${office.name} is your own institution: its customization is switched by the institution above it`,
        'ownTenant',
      );
    }
    return office;
  }

  private async edit(office: OfficeRow): Promise<BrandEdit> {
    return {
      officeId: office.id,
      officeName: office.name,
      ...(await this.brandOf(office.id)),
      defaults: await this.settings.get('brandDefault'),
    };
  }

  private async upsert(officeId: number, set: Partial<typeof customerBrands.$inferInsert>): Promise<void> {
    await this.db
      .insert(customerBrands)
      .values({ officeId, ...set })
      .onConflictDoUpdate({ target: customerBrands.officeId, set: { ...set, updatedAt: new Date() } });
  }

  /** A subordinate customer's brand (sys:customer:view). */
  async get(auth: AuthContext, id: number): Promise<BrandEdit> {
    return this.edit(await this.managed(auth, id));
  }

  /** Switches customization on or off and saves the brand fields of a subordinate customer. */
  async save(auth: AuthContext, id: number, enabled: boolean, config: CustomerBrandConfig): Promise<void> {
    const office = await this.managed(auth, id);
    await this.upsert(office.id, { enabled, config: validateBrandConfig(config) });
  }

  /** Sets (or clears, with '') a subordinate customer's second domain name: unique, lower case. */
  async saveDomain(
    auth: AuthContext,
    id: number,
    raw: string | null,
  ): Promise<{ domainName: string | null }> {
    const office = await this.managed(auth, id);
    const domainName = normaliseDomainName(raw);
    if (domainName) {
      const hosts = await this.settings.get('brandHosts');
      const [taken] = await this.db
        .select({ id: customerBrands.officeId })
        .from(customerBrands)
        .where(and(eq(customerBrands.domainName, domainName), ne(customerBrands.officeId, office.id)));
      if (taken || hosts[domainName]) {
        const msg = `domainName ${domainName} is already in use`;
        throw new AppError(409, msg, 'domainNameTaken', { fields: { domainName: msg } });
      }
    }
    try {
      await this.upsert(office.id, { domainName });
    } catch (err) {
      // A concurrent save of the same name loses on the unique index.
      if (String((err as { cause?: { code?: string } }).cause?.code ?? '') === '23505') {
        const msg = `domainName ${domainName} is already in use`;
        throw new AppError(409, msg, 'domainNameTaken', { fields: { domainName: msg } });
      }
      throw err;
    }
    return { domainName };
  }

  /** The caller's own tenant (customer or agent), for the personalized interface. */
  private async ownTenant(auth: AuthContext): Promise<OfficeRow> {
    const root = await tenantRootOf(this.db, auth.tenantPath);
    if (!root || (root.kind !== 'customer' && root.kind !== 'agent')) {
      throw badRequest(
        'The platform brand is set in the system settings, not in the personalized interface',
        'notCustomer',
      );
    }
    return root;
  }

  /**
   * The caller's own brand (sys:personalized:view); null for the platform's users, whose brand is
   * set in the system settings (an answer, not an error: the page says so).
   */
  async personalized(auth: AuthContext): Promise<BrandEdit | null> {
    const root = await tenantRootOf(this.db, auth.tenantPath);
    if (!root || (root.kind !== 'customer' && root.kind !== 'agent')) return null;
    return this.edit(root);
  }

  /** Saves the caller's own brand fields (sys:personalized:edit); the switch stays with the institution above. */
  async savePersonalized(auth: AuthContext, config: CustomerBrandConfig): Promise<void> {
    const root = await this.ownTenant(auth);
    await this.upsert(root.id, { config: validateBrandConfig(config) });
  }
}
