import { Type, type Static } from 'typebox';

/** Longest question. */
export const FAQ_QUESTION_MAX = 500;
/** Longest answer. */
export const FAQ_ANSWER_MAX = 10_000;

/** One common problem (FAQ entry) as the management list answers it. */
export const FaqSchema = Type.Object({
  id: Type.Integer(),
  language: Type.String({ description: 'Console language code: CN, HK, US, IT, RU, FR or KR' }),
  question: Type.String(),
  answer: Type.String(),
  sort: Type.Integer(),
  published: Type.Boolean(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  updatedAt: Type.String({ description: 'ISO 8601' }),
});
export type Faq = Static<typeof FaqSchema>;

/** A published entry as users read it (GET /a/api/faq/published). */
export const PublishedFaqSchema = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
});
export type PublishedFaq = Static<typeof PublishedFaqSchema>;
