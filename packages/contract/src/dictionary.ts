import { Type, type Static } from 'typebox';
import { Languages } from './auth.js';

/** A dictionary type: starts with a letter; letters, digits, `_`, `.` and `-`; at most 64 characters. */
export const DICT_TYPE_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$';
/** A dictionary value: letters, digits, `_`, `.`, `:` and `-`; 1 to 64 characters. */
export const DICT_VALUE_PATTERN = '^[A-Za-z0-9_.:-]{1,64}$';
/** Longest label of one language. */
export const DICT_LABEL_MAX = 200;
/** Longest description. */
export const DICT_DESCRIPTION_MAX = 500;

/** A label per console language (all seven are required when saving). */
export const DictLabelsSchema = Type.Object(
  Object.fromEntries(Languages.map((lang) => [lang, Type.String({ maxLength: DICT_LABEL_MAX })])) as Record<
    (typeof Languages)[number],
    ReturnType<typeof Type.String>
  >,
);
export type DictLabels = Static<typeof DictLabelsSchema>;

/** One dictionary entry as the management list answers it. */
export const DictEntrySchema = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  value: Type.String(),
  labels: DictLabelsSchema,
  description: Type.Union([Type.String(), Type.Null()]),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  updatedAt: Type.String({ description: 'ISO 8601' }),
});
export type DictEntry = Static<typeof DictEntrySchema>;

/** A dictionary type with the number of its entries (GET /a/api/dict/types). */
export const DictTypeSchema = Type.Object({ type: Type.String(), count: Type.Integer() });
export type DictType = Static<typeof DictTypeSchema>;

/** One enabled entry of a type, labelled in the caller's language (GET /a/api/dict/byType). */
export const DictOptionSchema = Type.Object({ value: Type.String(), label: Type.String() });
export type DictOption = Static<typeof DictOptionSchema>;

/** Columns the dictionary list sorts by. */
export const DICT_SORT_FIELDS = ['type', 'value', 'sort', 'updatedAt'] as const;
export type DictSortField = (typeof DICT_SORT_FIELDS)[number];

/** What POST /a/api/dict/save takes (JSON; `labels` may also be a JSON string in a form body). */
export interface DictEntryInput {
  id?: number;
  type: string;
  value: string;
  labels: DictLabels;
  description?: string | null;
  sort?: number;
  enabled?: boolean;
}
