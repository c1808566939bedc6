import type { FastifyError } from 'fastify';
import { Type } from 'typebox';
import type { Access } from '../../plugins/auth.js';
import { badRequest } from '../../lib/errors.js';
import { fieldMessages } from '../../plugins/errors.js';
import { TIME_ZONE_MAX } from './time-zones.js';

/** A plan, program, terminal, group or office id. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** An ISO 8601 instant of a timeline range. */
export const Instant = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601 date-time' });

/** An IANA zone as a request gives it (checked against the zone database by the service). */
export const ZoneName = Type.String({
  maxLength: TIME_ZONE_MAX,
  description: 'IANA time zone, e.g. Europe/Berlin',
});

/** Readers of plans: makers, reviewers, and publishers choosing what to publish. */
export const PLAN_VIEWERS: Access = ['plan:list:view', 'review:plan:view', 'plan:list:publish'];

/** Who may browse terminals to publish plans to. */
export const PLAN_CHOOSERS: Access = ['plan:list:publish', 'publish:terminalSelection:view'];

/**
 * The schema error of a plan body with its fields named the way plan problems name them
 * (`document.entries[0].startDate`, not `document.entries.0.startDate`), so that the console reads
 * both alike. Routes with a plan document attach their validation error and throw this.
 */
export function planBodyError(error: Error): Error {
  const issues = (error as FastifyError).validation ?? [];
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldMessages(issues))) {
    const named = field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    fields[named] = message.startsWith(field) ? `${named}${message.slice(field.length)}` : message;
  }
  return badRequest(Object.values(fields).join('; ') || 'Invalid request', 'validation', { fields });
}
