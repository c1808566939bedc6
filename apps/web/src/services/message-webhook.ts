/** The tenant's inbound message webhook (`/a/api/publishMessage/webhook|webhookSecret|webhookDelete`). */
import { request } from './request';

const BASE = '/a/api/publishMessage';

/** The webhook as the console shows it. */
export interface MessageWebhook {
  configured: boolean;
  /** Where another system posts (`/apm-web/f/messageWebhook/<tenantId>`). */
  url: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

/** GET /apm-web/a/api/publishMessage/webhook — the tenant's webhook: URL, whether it has a secret, last use. */
export async function getMessageWebhook(signal?: AbortSignal): Promise<MessageWebhook> {
  return (await request<MessageWebhook>(`${BASE}/webhook`, { signal })).data;
}

/** POST /apm-web/a/api/publishMessage/webhookSecret — a new secret (the old one stops working), shown this once. */
export async function renewMessageWebhookSecret(): Promise<MessageWebhook & { secret: string }> {
  return (
    await request<MessageWebhook & { secret: string }>(`${BASE}/webhookSecret`, {
      method: 'POST',
      data: {},
      requestType: 'json',
      skipErrorHandler: true,
    })
  ).data;
}

/** POST /apm-web/a/api/publishMessage/webhookDelete — removes the webhook: calls answer 401 afterwards. */
export async function deleteMessageWebhook(): Promise<void> {
  await request(`${BASE}/webhookDelete`, {
    method: 'POST',
    data: {},
    requestType: 'json',
    skipErrorHandler: true,
  });
}
