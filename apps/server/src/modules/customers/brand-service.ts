import type { BrandConfig } from '@apm/contract';
import type { SettingsService } from '../settings/service.js';

/** Picks the brand for a host name: the `brandHosts` setting maps hosts to the second brand. */
export class BrandService {
  constructor(private readonly settings: SettingsService) {}

  /** The brand configuration for a request's host (port ignored, case-insensitive). */
  async forHost(host: string | undefined): Promise<BrandConfig> {
    const name = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    const hosts = await this.settings.get('brandHosts');
    const brand = hosts[name] === 'second' ? 'second' : 'default';
    const config = await this.settings.get(brand === 'second' ? 'brandSecond' : 'brandDefault');
    return { brand, ...config };
  }
}
