/** Common problem (FAQ) calls (`/a/api/faq/*`). */
import type { Faq, Language, PublishedFaq } from '@apm/contract';
import type { Page } from './dictionary';
import { request } from './request';

/** Filters and page of the FAQ management list. */
export interface FaqListParams {
  pageNo: number;
  pageSize: number;
  language?: Language;
  published?: '0' | '1';
  keyword?: string;
}

/** What saving an entry sends. */
export interface FaqSaveBody {
  id?: number;
  language: Language;
  question: string;
  answer: string;
  sort?: number;
  published?: boolean;
}

/** GET /apm-web/a/api/faq/list — entries filtered by language and state, searched and paged. */
export async function listFaq(params: FaqListParams, signal?: AbortSignal): Promise<Page<Faq>> {
  return (await request<Page<Faq>>('/a/api/faq/list', { params: { ...params }, signal })).data;
}

/** GET /apm-web/a/api/faq/published — the published entries of a language, in order. */
export async function publishedFaq(language: Language, signal?: AbortSignal): Promise<PublishedFaq[]> {
  return (
    await request<PublishedFaq[]>('/a/api/faq/published', {
      params: { language },
      signal,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/faq/save — creates or edits an entry (errors handled by the form). */
export async function saveFaq(body: FaqSaveBody): Promise<{ id: number }> {
  return (
    await request<{ id: number }>('/a/api/faq/save', {
      method: 'POST',
      data: body,
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/faq/publish — publishes or withdraws an entry. */
export async function publishFaq(id: number, published: boolean): Promise<void> {
  await request('/a/api/faq/publish', { method: 'POST', data: { id, published }, skipErrorHandler: true });
}

/** POST /apm-web/a/api/faq/delete — deletes entries (all or none). */
export async function deleteFaq(ids: readonly number[]): Promise<{ deleted: number }> {
  return (
    await request<{ deleted: number }>('/a/api/faq/delete', {
      method: 'POST',
      data: { id: ids.join(',') },
      skipErrorHandler: true,
    })
  ).data;
}
