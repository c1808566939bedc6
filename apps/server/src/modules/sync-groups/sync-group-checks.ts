import { SYNC_MIRROR_MIN, syncLoopOf, type SyncGroupSaveBody, type SyncMode } from '@apm/contract';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programs, syncGroupMembers, terminals } from '../../db/schema/index.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { assertPublishable } from '../materials/material-service.js';
import { programScope } from '../programs/program-queries.js';
import { terminalScope } from '../programs/terminal-choice.js';
import { fieldError } from '../users/user-access.js';

/** A group's layout as saved: mode, grid and each member's tile. */
export interface SyncLayout {
  mode: SyncMode;
  columns: number;
  rows: number;
  members: { terminalId: number; column: number; row: number }[];
}

/**
 * The program a group may play, as publishing requires it: in the caller's range (404 naming
 * `programId`), approved (409), every material publishable; and only fixed-duration main scenes
 * (400 naming `programId`: a scene waiting for a touch would stop the loop on one screen only).
 */
export async function checkedProgram(db: Database, auth: AuthContext, programId: number): Promise<void> {
  const [program] = await db
    .select({
      id: programs.id,
      name: programs.name,
      state: programs.reviewState,
      document: programs.document,
      ids: programs.materialIds,
    })
    .from(programs)
    .where(and(eq(programs.id, programId), programScope(auth)));
  if (!program)
    throw fieldError(404, 'programId', `programId: no program ${programId} in your scope`, 'notFound');
  if (program.state !== 'approved') {
    throw new AppError(
      409,
      `programId: program ${program.name} is ${program.state}; only approved programs can be played`,
      'notApproved',
      { fields: { programId: `program is ${program.state}` } },
    );
  }
  const { problem } = syncLoopOf(program.document);
  if (problem) throw fieldError(400, 'programId', `programId: ${problem}`, 'notSyncable');
  await assertPublishable(db, auth, program.ids ?? []);
}

/**
 * The layout of a save body: a mirror is 1 × 1 (tiles ignored) with at least two members; a wall
 * needs its grid and puts every member on its own tile inside it. 400 naming the field.
 */
export function checkedLayout(body: SyncGroupSaveBody): SyncLayout {
  const seen = new Set<number>();
  body.members.forEach((m, i) => {
    if (seen.has(m.terminalId))
      throw fieldError(
        400,
        `members.${i}.terminalId`,
        `members.${i}.terminalId: terminal ${m.terminalId} is named twice`,
      );
    seen.add(m.terminalId);
  });
  if (body.mode === 'mirror') {
    if (body.members.length < SYNC_MIRROR_MIN)
      throw fieldError(400, 'members', `members: a mirror group needs at least ${SYNC_MIRROR_MIN} terminals`);
    return {
      mode: 'mirror',
      columns: 1,
      rows: 1,
      members: body.members.map((m) => ({ terminalId: m.terminalId, column: 0, row: 0 })),
    };
  }
  if (body.columns === undefined)
    throw fieldError(400, 'columns', 'columns: a wall needs its number of columns');
  if (body.rows === undefined) throw fieldError(400, 'rows', 'rows: a wall needs its number of rows');
  const { columns, rows } = body;
  if (!body.members.length) throw fieldError(400, 'members', 'members: a wall needs at least one terminal');
  const tiles = new Map<string, number>();
  const members = body.members.map((m, i) => {
    if (m.column === undefined || m.column >= columns)
      throw fieldError(400, `members.${i}.column`, `members.${i}.column must be from 0 to ${columns - 1}`);
    if (m.row === undefined || m.row >= rows)
      throw fieldError(400, `members.${i}.row`, `members.${i}.row must be from 0 to ${rows - 1}`);
    const tile = `${m.column},${m.row}`;
    const other = tiles.get(tile);
    if (other !== undefined) {
      throw fieldError(
        400,
        `members.${i}.column`,
        `members.${i}: the tile at column ${m.column}, row ${m.row} is already terminal ${other}'s`,
      );
    }
    tiles.set(tile, m.terminalId);
    return { terminalId: m.terminalId, column: m.column, row: m.row };
  });
  return { mode: 'wall', columns, rows, members };
}

/**
 * The members are claimed terminals of the caller's range (404 naming the first other one) and in no
 * other group than `groupId` (409 naming the terminal). Runs inside the save's transaction.
 */
export async function checkMembers(
  db: Database,
  auth: AuthContext,
  members: SyncLayout['members'],
  groupId: number | undefined,
): Promise<void> {
  const ids = members.map((m) => m.terminalId);
  const rows = await db
    .select({ id: terminals.id, name: terminals.name })
    .from(terminals)
    .where(and(inArray(terminals.id, ids), terminalScope(auth)));
  const index = ids.findIndex((id) => !rows.some((r) => r.id === id));
  if (index >= 0) {
    const field = `members.${index}.terminalId`;
    throw fieldError(404, field, `${field}: no claimed terminal ${ids[index]} in your scope`, 'notFound');
  }
  const taken = await db
    .select({ terminalId: syncGroupMembers.terminalId })
    .from(syncGroupMembers)
    .where(
      and(
        inArray(syncGroupMembers.terminalId, ids),
        groupId === undefined ? undefined : ne(syncGroupMembers.groupId, groupId),
      ),
    );
  if (taken.length) {
    const i = ids.findIndex((id) => taken.some((t) => t.terminalId === id));
    const name = rows.find((r) => r.id === ids[i])?.name ?? String(ids[i]);
    const field = `members.${i}.terminalId`;
    const msg = `${field}: terminal ${name} is already in another sync group`;
    throw conflict(msg, 'inAnotherGroup', { fields: { [field]: msg }, terminalId: ids[i] });
  }
}
