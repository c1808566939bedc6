import type { BrandConfig } from '@apm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerBrands, offices } from '../../db/schema/index.js';
import type { SettingsService } from '../settings/service.js';
import { pathIds } from '../offices/office-scope.js';

/** A host name as brands compare it: lower case, no port, no trailing dot. */
export const normaliseHost = (host: string | undefined) =>
  (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

/**
 * Picks the brand for a host name: the `brandHosts` setting maps hosts to the second brand; a host
 * equal to a customer's enabled second domain name answers that customer's own brand.
 */
export class BrandService {
  constructor(
    private readonly settings: SettingsService,
    private readonly db: Database,
  ) {}

  /** The brand configuration for a request's host (port ignored, case-insensitive). */
  async forHost(host: string | undefined): Promise<BrandConfig> {
    const name = normaliseHost(host);
    const hosts = await this.settings.get('brandHosts');
    if (hosts[name] !== 'second' && name) {
      const [own] = await this.db
        .select({ config: customerBrands.config })
        .from(customerBrands)
        .where(and(eq(customerBrands.domainName, name), eq(customerBrands.enabled, true)));
      if (own) return this.merged(own.config);
    }
    const brand = hosts[name] === 'second' ? 'second' : 'default';
    const config = await this.settings.get(brand === 'second' ? 'brandSecond' : 'brandDefault');
    return { brand, ...config };
  }

  /**
   * The platform's default brand merged with a customer's own fields; registration hidden. Empty
   * fields (and an empty footer-link list) fall back to the platform's.
   */
  async merged(config: Partial<Omit<BrandConfig, 'brand'>>): Promise<BrandConfig> {
    const base = await this.settings.get('brandDefault');
    const own = Object.fromEntries(
      Object.entries(config).filter(
        ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
      ),
    );
    return { ...base, ...own, brand: 'default', showRegister: false };
  }

  /**
   * The enabled own brand nearest at or above an office (by its path), for the signed-in user's
   * profile (secondDomainName, logo); undefined when none applies.
   */
  async forOfficePath(
    path: string,
  ): Promise<{ officeId: number; domainName: string | null; brand: BrandConfig } | undefined> {
    const ids = pathIds(path);
    if (!ids.length) return undefined;
    const rows = await this.db
      .select({
        officeId: customerBrands.officeId,
        domainName: customerBrands.domainName,
        config: customerBrands.config,
        path: offices.path,
      })
      .from(customerBrands)
      .innerJoin(offices, eq(offices.id, customerBrands.officeId))
      .where(and(inArray(customerBrands.officeId, ids), eq(customerBrands.enabled, true)));
    const nearest = rows.sort((a, b) => b.path.length - a.path.length)[0];
    if (!nearest) return undefined;
    return {
      officeId: nearest.officeId,
      domainName: nearest.domainName,
      brand: await this.merged(nearest.config),
    };
  }
}
