import { Type } from 'typebox';
import { ID_LIST_DESCRIPTION, MAX_IDS, parseIdList } from '../../lib/id-list.js';

/** A material or folder id. */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Ids as a JSON array or a comma-joined string (form bodies). */
export const IdsSchema = Type.Union([
  Type.Array(IdSchema, { minItems: 1, maxItems: MAX_IDS }),
  Type.String({ maxLength: 12_000, description: ID_LIST_DESCRIPTION }),
]);

/** Distinct ids of an {@link IdsSchema} value; 400 naming `ids` on a bad string. */
export const idsOf = (value: number[] | string): number[] =>
  typeof value === 'string' ? parseIdList(value, 'ids') : [...new Set(value)];
