import { isValidTarget, type CodeWay } from '@apm/contract';
import { and, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { SettingsService } from '../settings/service.js';
import { fieldFault } from './password-policy.js';

/** The user column a way binds: `email` or `phone`. */
export const fieldOf = (way: CodeWay) => (way === 'email' ? 'email' : 'phone');

/** An address as stored and compared: e-mail lower-case, phone without spaces and hyphens. */
export function normaliseTarget(way: CodeWay, raw: string): string {
  const value = raw.trim();
  return way === 'email' ? value.toLowerCase() : value.replace(/[\s-]/g, '');
}

/** Normalises `raw` and checks its shape; 400 naming `field` when it is not an address for `way`. */
export function validTarget(way: CodeWay, raw: string, field = 'target'): string {
  const target = normaliseTarget(way, raw);
  if (!isValidTarget(way, target)) {
    throw fieldFault(
      400,
      field,
      'invalid',
      `${field} is not a valid ${way === 'email' ? 'e-mail address' : 'phone number'}`,
    );
  }
  return target;
}

/** 400 naming `way` when sending codes that way is turned off in the settings. */
export async function requireWayOpen(settings: SettingsService, way: CodeWay): Promise<void> {
  const open = await settings.get(way === 'email' ? 'emailCodeOpen' : 'smsCodeOpen');
  if (!open) throw fieldFault(400, 'way', 'off', `Sending codes by ${way} is turned off`);
}

/** Whether another user (not `exceptUserId`) already holds this e-mail or phone. */
export async function targetTaken(
  db: Database,
  way: CodeWay,
  target: string,
  exceptUserId?: number,
): Promise<boolean> {
  const column =
    way === 'email' ? sql`lower(${users.email})` : sql`replace(replace(${users.phone}, ' ', ''), '-', '')`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`${column} = ${target}`, exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)),
    )
    .limit(1);
  return row !== undefined;
}

/** 409 naming the field (`email` or `phone`) when the address belongs to another user. */
export async function requireTargetFree(
  db: Database,
  way: CodeWay,
  target: string,
  exceptUserId?: number,
): Promise<void> {
  if (await targetTaken(db, way, target, exceptUserId)) {
    const field = fieldOf(way);
    throw fieldFault(409, field, 'taken', `This ${field} is already used by another account`, 'duplicate');
  }
}
