import { messageDocumentProblem, type MessageDocument, type MessageTargets } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import type { Database } from '../../db/client.js';
import { materials, programs, terminals } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { intArray } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { materialReadable } from '../materials/material-queries.js';
import { officeInScope } from '../offices/office-scope.js';
import { programScope } from '../programs/program-queries.js';
import { groupsWithDescendants, terminalScope } from '../programs/terminal-choice.js';
import { fieldError } from '../users/user-access.js';
import { fieldMessages } from '../../plugins/errors.js';
import { officesUnder } from '../../lib/data-scope.js';

/**
 * The schema error of a message body with its fields named as the console names them
 * (`document.windows[0].start`, not `document.windows.0.start`). Routes attach their validation error
 * and throw this.
 */
export function messageBodyError(error: Error): Error {
  const issues = (error as FastifyError).validation ?? [];
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldMessages(issues))) {
    const named = field.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    fields[named] = message.startsWith(field) ? `${named}${message.slice(field.length)}` : message;
  }
  return badRequest(Object.values(fields).join('; ') || 'Invalid request', 'validation', { fields });
}

const invalid = (field: string, message: string) => fieldError(400, field, message);

/**
 * Checks a message document beyond its schema: the cross-field rules of the contract, the notice's
 * image (an image material the caller may use) and the takeover's program (a program of the caller's
 * range); 400 or 404 naming the field.
 */
export async function checkMessageDocument(
  db: Database,
  auth: AuthContext,
  document: MessageDocument,
): Promise<void> {
  const problem = messageDocumentProblem(document);
  if (problem) throw invalid(problem.field, problem.message);
  const imageId = document.kind === 'notice' ? document.notice?.imageMaterialId : null;
  if (imageId) {
    const [image] = await db
      .select({ id: materials.id, kind: materials.kind })
      .from(materials)
      .where(and(eq(materials.id, imageId), materialReadable(auth)));
    const field = 'document.notice.imageMaterialId';
    if (!image) throw fieldError(404, field, `${field}: no material ${imageId} in your library`, 'notFound');
    if (image.kind !== 'image') throw invalid(field, `${field}: material ${imageId} is not an image`);
  }
  const programId = document.kind === 'takeover' ? document.takeover?.programId : null;
  if (programId) {
    const [program] = await db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.id, programId), programScope(auth)));
    const field = 'document.takeover.programId';
    if (!program) throw fieldError(404, field, `${field}: no program ${programId} in your scope`, 'notFound');
  }
}

/** 409 unless the notice's image and the takeover's program are approved: what a terminal may be sent. */
export async function assertDocumentPublishable(db: Database, document: MessageDocument): Promise<void> {
  const imageId = document.kind === 'notice' ? document.notice?.imageMaterialId : null;
  if (imageId) {
    const [image] = await db
      .select({ name: materials.name, state: materials.reviewState })
      .from(materials)
      .where(eq(materials.id, imageId));
    if (image && image.state !== 'approved')
      throw new AppError(409, `The notice's image ${image.name} is ${image.state}`, 'notApproved', {
        fields: { 'document.notice.imageMaterialId': `material is ${image.state}` },
      });
  }
  const programId = document.kind === 'takeover' ? document.takeover?.programId : null;
  if (programId) {
    const [program] = await db
      .select({ name: programs.name, state: programs.reviewState })
      .from(programs)
      .where(eq(programs.id, programId));
    if (program && program.state !== 'approved')
      throw new AppError(409, `The takeover's program ${program.name} is ${program.state}`, 'notApproved', {
        fields: { 'document.takeover.programId': `program is ${program.state}` },
      });
  }
}

/** 404 naming `targets.terminalIds` unless every id is a claimed terminal of the caller's range. */
async function assertTerminals(db: Database, auth: AuthContext, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(sql`${terminals.id} = any(${intArray(ids)})`, terminalScope(auth)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    const shown = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ', …' : '');
    throw fieldError(404, 'targets.terminalIds', `No claimed terminal ${shown} in your scope`, 'notFound');
  }
}

/** Checks targets (all in the caller's range; 404 naming the field and the ids otherwise). */
export async function checkTargets(db: Database, auth: AuthContext, targets: MessageTargets): Promise<void> {
  await assertTerminals(db, auth, targets.terminalIds);
  if (targets.groupIds.length) await groupsWithDescendants(db, auth, targets.groupIds, 'targets.groupIds');
  for (const id of targets.officeIds) await officeInScope(db, auth, id, 'targets.officeIds');
}

/**
 * The claimed terminals of the caller's range that targets resolve to now: the chosen terminals, those
 * of the chosen groups and their subgroups, those of the chosen offices and below (ascending). Targets
 * outside the range answer 404 naming the field.
 */
export async function resolveTargets(
  db: Database,
  auth: AuthContext,
  targets: MessageTargets,
): Promise<number[]> {
  await assertTerminals(db, auth, targets.terminalIds);
  const ids = new Set(targets.terminalIds);
  const conds = [];
  if (targets.groupIds.length) {
    const groups = await groupsWithDescendants(db, auth, targets.groupIds, 'targets.groupIds');
    conds.push(inArray(terminals.groupId, groups));
  }
  for (const id of targets.officeIds) {
    const office = await officeInScope(db, auth, id, 'targets.officeIds');
    conds.push(officesUnder(terminals.officeId, office.path));
  }
  for (const cond of conds) {
    const rows = await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(and(terminalScope(auth), cond));
    for (const r of rows) ids.add(r.id);
  }
  return [...ids].sort((a, b) => a - b);
}
