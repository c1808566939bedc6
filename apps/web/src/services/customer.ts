/** Customer (tenant) calls (`/a/api/customer/*`). */
import type { BrandConfig } from '@apm/contract';
import { request } from './request';

/** Brand shown until the server's answer arrives, or when it cannot be had. */
export const FALLBACK_BRAND: BrandConfig = {
  brand: 'default',
  title: '',
  tag: '',
  showLogo: true,
  textStart: '',
  dualScreen: false,
  copyRight: '',
  linkList: [],
  customContent: '',
  logo: '',
  icoImg: '',
  lightShow: false,
  soundShow: false,
  powerSet: false,
  backgroundImage: '',
  defaultLanguage: '',
  showRegister: true,
};

/** GET /apm-web/a/api/customer/imgSetting — brand of the current address (title, logo, copyright, …). */
export async function getBrandSetting(): Promise<BrandConfig> {
  const { data } = await request<Partial<BrandConfig> | null>('/a/api/customer/imgSetting', {
    skipErrorHandler: true,
  });
  return { ...FALLBACK_BRAND, ...data, linkList: Array.isArray(data?.linkList) ? data.linkList : [] };
}
