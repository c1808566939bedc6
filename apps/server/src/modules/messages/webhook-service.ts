import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE, type MessageSendResult } from '@apm/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messageWebhooks, messages, offices } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthContext } from '../auth/session-service.js';
import { pathIds } from '../offices/office-scope.js';
import { fieldError } from '../users/user-access.js';
import type { MessageDeliveryService } from './message-delivery.js';
import { officesUnder } from '../../lib/data-scope.js';

/** How far a webhook call's timestamp may be from the server's clock (replays older than this fail). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The header carrying the call's time (Unix seconds). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-apm-timestamp';
/** The header carrying `sha256=<hex>`: HMAC-SHA-256 with the tenant's secret of `<timestamp>.<raw body>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-apm-signature';

/** The inbound URL of a tenant's webhook. */
export const webhookUrl = (tenantId: number) => `${API_BASE}/f/messageWebhook/${tenantId}`;

/** The signature of a body at a time with a secret (what the sending system computes). */
export function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** A tenant's webhook as the console shows it (never its secret, except once when it is made). */
export interface WebhookInfo {
  configured: boolean;
  url: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

/** The id of the caller's tenant root office; 403 unless the caller's data range is their whole tenant. */
function tenantOf(auth: AuthContext): number {
  if (auth.dataRange !== 'all')
    throw forbidden('The message webhook belongs to the whole tenant: it needs the data range “all”');
  return pathIds(auth.tenantPath).at(-1)!;
}

/**
 * The inbound message webhook of each tenant: another system sends (or stops) one of the tenant's
 * messages — a takeover for a fire alarm — by a call signed with the tenant's secret. The signature
 * covers the timestamp and the raw body and is checked in constant time; a bad or stale one answers
 * 401 and nothing is sent. What is sent passes the same checks as from the console (approved while
 * the audit switch is on, not past its end, targets of the tenant).
 */
export class MessageWebhookService {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    private readonly delivery: MessageDeliveryService,
  ) {}

  /** The caller's tenant's webhook (without its secret). */
  async info(auth: AuthContext): Promise<WebhookInfo> {
    const tenantId = tenantOf(auth);
    const [row] = await this.db.select().from(messageWebhooks).where(eq(messageWebhooks.officeId, tenantId));
    return {
      configured: Boolean(row),
      url: webhookUrl(tenantId),
      createdAt: row?.createdAt.toISOString() ?? null,
      lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
    };
  }

  /** Makes a new secret for the caller's tenant (the old one stops working); answered this once. */
  async renew(auth: AuthContext): Promise<WebhookInfo & { secret: string }> {
    const tenantId = tenantOf(auth);
    const secret = randomBytes(32).toString('base64url');
    const values = { officeId: tenantId, secret: this.box.seal(secret), createdBy: auth.userId };
    await this.db
      .insert(messageWebhooks)
      .values(values)
      .onConflictDoUpdate({
        target: messageWebhooks.officeId,
        set: { ...values, createdAt: sql`now()`, lastUsedAt: null },
      });
    return { ...(await this.info(auth)), secret };
  }

  /** Removes the caller's tenant's webhook: calls fail with 401 afterwards. */
  async remove(auth: AuthContext): Promise<void> {
    await this.db.delete(messageWebhooks).where(eq(messageWebhooks.officeId, tenantOf(auth)));
  }

  /**
   * 401 unless the call carries a fresh timestamp and the signature of it and the raw body with the
   * tenant's secret (the same answer for an unknown tenant, so callers learn nothing).
   */
  async verify(
    tenantId: number,
    timestamp: string | undefined,
    signature: string | undefined,
    rawBody: string,
  ): Promise<void> {
    const refuse = () => unauthorized('Bad webhook signature', 'badSignature');
    if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) throw refuse();
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) throw refuse();
    const [row] = await this.db
      .select({ secret: messageWebhooks.secret })
      .from(messageWebhooks)
      .where(eq(messageWebhooks.officeId, tenantId));
    if (!row) throw refuse();
    const expected = Buffer.from(
      webhookSignature(this.box.open(row.secret, 'webhook secret'), timestamp, rawBody),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
    await this.db
      .update(messageWebhooks)
      .set({ lastUsedAt: new Date() })
      .where(eq(messageWebhooks.officeId, tenantId));
  }

  /** Sends (to its targets) or stops a message of the tenant, for a verified call. */
  async act(tenantId: number, messageId: number, action: 'send' | 'stop'): Promise<MessageSendResult> {
    const [tenant] = await this.db.select().from(offices).where(eq(offices.id, tenantId));
    const [message] = tenant
      ? await this.db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.id, messageId),
              isNull(messages.deletedAt),
              officesUnder(messages.officeId, tenant.path),
            ),
          )
      : [];
    if (!tenant || !message)
      throw fieldError(404, 'messageId', `No message ${messageId} of this tenant`, 'notFound');
    // The tenant acts as a whole: its full data range, no user.
    const system: AuthContext = {
      sessionId: 'webhook',
      userId: 0,
      loginName: 'webhook',
      name: 'webhook',
      officeId: tenant.id,
      officePath: tenant.path,
      tenantPath: tenant.path,
      dataRange: 'all',
      permissions: new Set(),
      roleCodes: [],
      pwdPastDue: false,
      expiresAt: new Date(),
    };
    return action === 'send'
      ? this.delivery.publish(system, messageId, null)
      : this.delivery.stop(system, messageId, null);
  }
}
