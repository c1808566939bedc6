import type { Language, NotificationContents } from '@apm/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  notifications,
  offices,
  roleGrants,
  userRoles,
  users,
  type ReviewSubjectKind,
} from '../../db/schema/index.js';
import { queryRows } from '../../terminal/sql.js';
import { TENANT_KINDS } from '../offices/office-scope.js';
import type { SavedForReview } from './review-intake.js';

/** What a reviewer is told of a new submission, per language: the sentence and the kinds' names. */
const TEXT: Record<Language, { waiting: string; kinds: Record<ReviewSubjectKind, string> }> = {
  CN: {
    waiting: '新的{kind}“{name}”等待您审核。',
    kinds: { material: '素材', program: '节目', plan: '播放计划', message: '消息' },
  },
  HK: {
    waiting: '新的{kind}「{name}」等待您審核。',
    kinds: { material: '素材', program: '節目', plan: '播放計劃', message: '消息' },
  },
  US: {
    waiting: 'A new {kind} “{name}” waits for your review.',
    kinds: { material: 'material', program: 'program', plan: 'play plan', message: 'message' },
  },
  IT: {
    waiting: 'Nuovo contenuto da revisionare ({kind}): “{name}”.',
    kinds: {
      material: 'materiale',
      program: 'programma',
      plan: 'piano di riproduzione',
      message: 'messaggio',
    },
  },
  RU: {
    waiting: 'Новый объект на проверку ({kind}): «{name}».',
    kinds: { material: 'материал', program: 'программа', plan: 'план воспроизведения', message: 'сообщение' },
  },
  FR: {
    waiting: 'Nouveau contenu à valider ({kind}) : « {name} ».',
    kinds: { material: 'média', program: 'programme', plan: 'plan de diffusion', message: 'message' },
  },
  KR: {
    waiting: '새 {kind} “{name}”이(가) 검토를 기다립니다.',
    kinds: { material: '소재', program: '프로그램', plan: '재생 계획', message: '메시지' },
  },
};

/** The notification reviewers get when an item starts waiting for them. */
export function submissionNotice(kind: ReviewSubjectKind, name: string): { contents: NotificationContents } {
  const contents = {} as Record<Language, string>;
  for (const [language, text] of Object.entries(TEXT) as [Language, (typeof TEXT)[Language]][]) {
    contents[language] = text.waiting.replace('{kind}', () => text.kinds[kind]).replace('{name}', () => name);
  }
  return { contents };
}

/**
 * Enabled users who may judge an item of `kind` in the office at `officeId`: they hold the kind's
 * `review` operation and their data range covers that office (all: their tenant; office and below;
 * their office; a `self` range sees only its own items and is left out).
 */
export async function reviewersOf(
  db: Database,
  kind: ReviewSubjectKind,
  officeId: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    SELECT DISTINCT u.id
    FROM ${users} u
    JOIN ${userRoles} ur ON ur.user_id = u.id
    JOIN ${roleGrants} g ON g.role_id = ur.role_id AND g.permission_id = ${`review:${kind}`} AND g.operation = 'review'
    JOIN ${offices} uo ON uo.id = u.office_id
    JOIN ${offices} x ON x.id = ${officeId}
    WHERE u.enabled AND CASE u.data_range
      WHEN 'all' THEN x.path LIKE (SELECT t.path FROM ${offices} t WHERE t.kind IN ${TENANT_KINDS}
        AND uo.path LIKE t.path || '%' ORDER BY length(t.path) DESC LIMIT 1) || '%'
      WHEN 'officeAndBelow' THEN x.path LIKE uo.path || '%'
      WHEN 'office' THEN x.id = uo.id
      ELSE false END`,
  );
  return rows.map((r) => Number(r.id));
}

/** Whether a user holds the `review` operation of a kind (through any of their roles). */
export async function userMayReview(db: Database, userId: number, kind: ReviewSubjectKind): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ${userRoles} ur JOIN ${roleGrants} g ON g.role_id = ur.role_id
      WHERE ur.user_id = ${userId} AND g.permission_id = ${`review:${kind}`} AND g.operation = 'review' LIMIT 1`,
  );
  return rows.length > 0;
}

/** Tells the reviewers of each saved item (but not its saver) that it waits for them. */
export async function notifyReviewers(
  db: Database,
  saverId: number,
  kind: ReviewSubjectKind,
  saved: readonly SavedForReview[],
): Promise<void> {
  const values: { userId: number; contents: NotificationContents }[] = [];
  for (const item of saved) {
    const { contents } = submissionNotice(kind, item.name);
    for (const userId of await reviewersOf(db, kind, item.officeId)) {
      if (userId !== saverId) values.push({ userId, contents });
    }
  }
  if (values.length) await db.insert(notifications).values(values);
}
