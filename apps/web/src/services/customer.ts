/** Customer (tenant) calls (`/a/api/customer/*`). */
import type {
  BrandConfig,
  CustomerBrand,
  CustomerBrandConfig,
  CustomerInfo,
  CustomerItem,
  OfficeNode,
} from '@apm/contract';
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

/** A paged list answer. */
export interface CustomerPage {
  list: CustomerItem[];
  count: number;
  pageNo: number;
  pageSize: number;
}

/** Query of the customer lists. */
export interface CustomerListParams {
  pageNo: number;
  pageSize: number;
  name?: string;
  domain?: string;
  kind?: 'agent' | 'customer';
}

/** A brand as the customization pages edit it, with the platform's default brand for the preview. */
export interface BrandEdit extends CustomerBrand {
  officeId: number;
  officeName: string;
  defaults: Omit<BrandConfig, 'brand'>;
}

/** Fields of a customer save; no id creates under `parentId` (platform or agent). */
export interface CustomerSaveBody {
  id?: number;
  parentId?: number;
  name: string;
  contact?: string | null;
  phone?: string | null;
  address?: string | null;
  remarks?: string | null;
  storageQuotaMb: number | null;
  terminalQuota: number | null;
}

/** GET /apm-web/a/api/customer/searchCustomer — agents and customers below the caller, paged. */
export async function searchCustomer(
  params: CustomerListParams,
  signal?: AbortSignal,
): Promise<CustomerPage> {
  return (await request<CustomerPage>('/a/api/customer/searchCustomer', { params: { ...params }, signal }))
    .data;
}

/** GET /apm-web/a/api/customer/customerInfo — a customer's details, capacity, brand and domain. */
export async function getCustomerInfo(id: number): Promise<CustomerInfo> {
  return (await request<CustomerInfo>('/a/api/customer/customerInfo', { params: { id } })).data;
}

/** GET /apm-web/a/api/customer/customerDynamicData — the customer tree root, or agents/customers below `id`. */
export async function getCustomerTree(id?: number): Promise<OfficeNode[]> {
  return (await request<OfficeNode[]>('/a/api/customer/customerDynamicData', { params: { id } })).data;
}

/** GET /apm-web/a/api/customer/findChild — child offices of a customer. */
export async function getCustomerChildren(id: number): Promise<OfficeNode[]> {
  return (await request<OfficeNode[]>('/a/api/customer/findChild', { params: { id } })).data;
}

/** POST /apm-web/a/api/customer/save — creates or edits a customer with its capacity. */
export async function saveCustomer(body: CustomerSaveBody): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/customer/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/customer/brand — a subordinate customer's own brand. */
export async function getCustomerBrand(id: number): Promise<BrandEdit> {
  return (await request<BrandEdit>('/a/api/customer/brand', { params: { id } })).data;
}

/** POST /apm-web/a/api/customer/saveBrand — switches customization and saves the brand fields. */
export async function saveCustomerBrand(body: {
  id: number;
  enabled: boolean;
  config: CustomerBrandConfig;
}): Promise<void> {
  await request('/a/api/customer/saveBrand', {
    method: 'POST',
    data: body,
    requestType: 'json',
    skipErrorHandler: true,
  });
}

/** POST /apm-web/a/api/customer/saveDomainName — sets or clears ('') a customer's second domain name. */
export async function saveDomainName(id: number, domainName: string): Promise<{ domainName: string | null }> {
  return (
    await request<{ domainName: string | null }>('/a/api/customer/saveDomainName', {
      method: 'POST',
      data: { id, domainName },
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** GET /apm-web/a/api/customer/personalized — the caller's own brand. */
export async function getPersonalized(): Promise<BrandEdit | null> {
  return (await request<BrandEdit | null>('/a/api/customer/personalized', { skipErrorHandler: true })).data;
}

/** POST /apm-web/a/api/customer/savePersonalized — saves the caller's own brand fields. */
export async function savePersonalized(config: CustomerBrandConfig): Promise<void> {
  await request('/a/api/customer/savePersonalized', {
    method: 'POST',
    data: { config },
    requestType: 'json',
    skipErrorHandler: true,
  });
}
