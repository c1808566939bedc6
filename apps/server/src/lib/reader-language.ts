import { isLanguage, type Language } from '@apm/contract';
import type { FastifyRequest } from 'fastify';
import type { BrandService } from '../modules/customers/brand-service.js';

/**
 * The languages a reader prefers, best first, for texts stored in several languages: the one asked for
 * (a `language` parameter, else the `language` cookie the console keeps), then the default language of the
 * reader's brand (their customer's own brand, else the brand of the address). Callers go on to US, CN and
 * any other (`languageOrder` in the contract).
 */
export async function readerLanguages(
  request: FastifyRequest,
  brands: BrandService,
  explicit?: string,
): Promise<Language[]> {
  const preferred: Language[] = [];
  const asked = explicit ?? request.cookies?.language;
  if (isLanguage(asked)) preferred.push(asked);
  const own = request.auth ? await brands.forOfficePath(request.auth.officePath) : undefined;
  const brand = own?.brand ?? (await brands.forHost(request.hostname));
  if (isLanguage(brand.defaultLanguage)) preferred.push(brand.defaultLanguage);
  return preferred;
}
