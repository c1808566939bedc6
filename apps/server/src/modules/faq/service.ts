import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, type Faq, type Language, type PublishedFaq } from '@apm/contract';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { faqs } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { requirePlatformUser } from '../dictionary/service.js';
import { fieldError, requirePermission } from '../users/user-access.js';

/** Filters and page of the FAQ management list. */
export interface FaqListQuery {
  pageNo: number;
  pageSize: number;
  language?: Language;
  /** Part of the question or answer. */
  keyword?: string;
  published?: '0' | '1';
}

/** What saving an entry takes. */
export interface FaqSaveInput {
  id?: number;
  language: Language;
  question: string;
  answer: string;
  sort?: number;
  published?: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const searchCondition = (keyword: string | undefined): SQL | undefined => {
  const text = keyword?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(sql`${faqs.question} ilike ${pattern}`, sql`${faqs.answer} ilike ${pattern}`);
};

const toFaq = (row: typeof faqs.$inferSelect): Faq => ({
  id: row.id,
  language: row.language,
  question: row.question,
  answer: row.answer,
  sort: row.sort,
  published: row.published,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Common problem management: FAQ entries per language, platform-wide, written by platform users. */
export class FaqService {
  constructor(private readonly db: Database) {}

  /** One page of entries, by language then sort order; filtered and paged in SQL. */
  async list(q: FaqListQuery) {
    const where = and(
      q.language ? eq(faqs.language, q.language) : undefined,
      q.published ? eq(faqs.published, q.published === '1') : undefined,
      searchCondition(q.keyword),
    );
    const [total] = await this.db.select({ n: count() }).from(faqs).where(where);
    const rows = await this.db
      .select()
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.language), asc(faqs.sort), asc(faqs.id))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    return { list: rows.map(toFaq), count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** The published entries of a language in order, optionally searched. */
  async published(language: Language, keyword?: string): Promise<PublishedFaq[]> {
    return this.db
      .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
      .from(faqs)
      .where(and(eq(faqs.language, language), eq(faqs.published, true), searchCondition(keyword)))
      .orderBy(asc(faqs.sort), asc(faqs.id))
      .limit(500);
  }

  /** Creates (no id; sys:faq:add) or edits (sys:faq:edit) an entry after checking every field. */
  async save(auth: AuthContext, input: FaqSaveInput): Promise<{ id: number }> {
    requirePermission(auth, input.id === undefined ? 'sys:faq:add' : 'sys:faq:edit');
    await requirePlatformUser(this.db, auth, 'common problems');
    const question = input.question.trim();
    const answer = input.answer.trim();
    if (!question) throw fieldError(400, 'question', 'question is required');
    if (question.length > FAQ_QUESTION_MAX) {
      throw fieldError(400, 'question', `question is longer than ${FAQ_QUESTION_MAX} characters`);
    }
    if (!answer) throw fieldError(400, 'answer', 'answer is required');
    if (answer.length > FAQ_ANSWER_MAX) {
      throw fieldError(400, 'answer', `answer is longer than ${FAQ_ANSWER_MAX} characters`);
    }
    const values = {
      language: input.language,
      question,
      answer,
      sort: input.sort ?? 0,
      published: input.published ?? true,
    };
    if (input.id === undefined) {
      const [row] = await this.db.insert(faqs).values(values).returning({ id: faqs.id });
      return { id: row!.id };
    }
    const [row] = await this.db
      .update(faqs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(faqs.id, input.id))
      .returning({ id: faqs.id });
    if (!row) throw fieldError(404, 'id', `No such common problem: ${input.id}`, 'notFound');
    return { id: row.id };
  }

  /** Publishes or withdraws an entry (sys:faq:edit). */
  async setPublished(auth: AuthContext, id: number, published: boolean): Promise<void> {
    await requirePlatformUser(this.db, auth, 'common problems');
    const [row] = await this.db
      .update(faqs)
      .set({ published, updatedAt: new Date() })
      .where(eq(faqs.id, id))
      .returning({ id: faqs.id });
    if (!row) throw fieldError(404, 'id', `No such common problem: ${id}`, 'notFound');
  }

  /** Deletes entries (all or none: 404 naming unknown ids). */
  async delete(auth: AuthContext, ids: readonly number[]): Promise<number> {
    await requirePlatformUser(this.db, auth, 'common problems');
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: faqs.id })
        .from(faqs)
        .where(inArray(faqs.id, [...ids]));
      const missing = ids.filter((id) => !found.some((r) => r.id === id));
      if (missing.length) {
        throw new AppError(404, `No such common problem: ${missing.join(', ')}`, 'notFound', {
          ids: missing,
        });
      }
      const rows = await tx
        .delete(faqs)
        .where(inArray(faqs.id, [...ids]))
        .returning({ id: faqs.id });
      return rows.length;
    });
  }
}
