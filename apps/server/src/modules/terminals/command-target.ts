import { COMMAND_STATE_VALUES } from '@apm/contract';
import { Type } from 'typebox';
import { IdsSchema, idsOf } from '../materials/ids.js';
import { fieldError } from '../users/user-access.js';
import type { CommandTarget } from './command-service.js';
import { Id, TerminalIdsSchema } from './schemas.js';
import { parseTerminalIds } from './terminal-scope.js';

/** Whom a command goes to (any mix, at least one). */
export const Target = {
  terminalIds: Type.Optional(TerminalIdsSchema),
  groupIds: Type.Optional(IdsSchema),
  officeId: Type.Optional(
    Type.Integer({ ...Id, description: 'Every claimed terminal of this office and below' }),
  ),
  ttlSeconds: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 30 * 24 * 3600,
      description: 'How long it waits for an offline terminal (default 24 h)',
    }),
  ),
};

/** What a command route answers. */
export const SentSchema = Type.Object({
  batchId: Type.String(),
  count: Type.Integer(),
  commands: Type.Array(
    Type.Object({
      id: Type.Integer(),
      terminalId: Type.Integer(),
      state: Type.Enum([...COMMAND_STATE_VALUES]),
    }),
  ),
});

/** The target fields of a command body. */
export type TargetBody = {
  terminalIds?: number[] | string;
  groupIds?: number[] | string;
  officeId?: number;
  ttlSeconds?: number;
};

/** The target of a body, ids parsed (400 naming the field). */
export const targetOf = (body: TargetBody): CommandTarget => ({
  terminalIds: parseTerminalIds(body.terminalIds),
  groupIds: body.groupIds === undefined ? [] : idsOf(body.groupIds),
  officeId: body.officeId,
});

/** Form bodies carry JSON params as a string. */
export function paramsOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === '') return {};
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw fieldError(400, 'params', 'params must be a JSON object');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fieldError(400, 'params', 'params must be a JSON object');
  }
  return value as Record<string, unknown>;
}
