import {
  PROGRAM_THUMBNAIL_MAX_BYTES,
  type ProgramThumbnailMime,
  type ProgramThumbnailSaved,
} from '@apm/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programs, programThumbnails } from '../../db/schema/index.js';
import { conflict, forbidden } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { fieldError } from '../users/user-access.js';
import { programScope } from './program-queries.js';

/** A stored thumbnail as the GET route serves it. */
export interface ProgramThumbnailFile {
  mime: ProgramThumbnailMime;
  bytes: Buffer;
  revision: number;
  updatedAt: Date;
}

const DATA_URL = /^data:(image\/(?:jpeg|png));base64,([A-Za-z0-9+/]*={0,2})$/;
const SIGNATURES: Record<ProgramThumbnailMime, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

const badImage = (msg: string) => fieldError(400, 'image', `image ${msg}`);
const notInScope = (id: number) => fieldError(404, 'id', `No program ${id} in your scope`, 'notFound');

/**
 * Decodes a thumbnail data URL (`data:image/jpeg;base64,…` or png): canonical base64, at most
 * {@link PROGRAM_THUMBNAIL_MAX_BYTES} decoded, and bytes that really start with the type's signature;
 * 400 naming `image` otherwise.
 */
export function decodeThumbnail(image: string): { mime: ProgramThumbnailMime; bytes: Buffer } {
  const match = DATA_URL.exec(image);
  if (!match) throw badImage('must be a data:image/jpeg;base64,… or data:image/png;base64,… URL');
  const mime = match[1] as ProgramThumbnailMime;
  const base64 = match[2]!;
  if (base64.length % 4 !== 0) throw badImage('is not valid base64');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badImage('is empty');
  if (bytes.length > PROGRAM_THUMBNAIL_MAX_BYTES) {
    throw badImage(`is ${bytes.length} bytes; at most ${PROGRAM_THUMBNAIL_MAX_BYTES} are allowed`);
  }
  const signature = SIGNATURES[mime];
  if (bytes.length < signature.length || !bytes.subarray(0, signature.length).equals(signature)) {
    throw badImage(`is not a ${mime === 'image/png' ? 'PNG' : 'JPEG'} image`);
  }
  return { mime, bytes };
}

/**
 * Program thumbnails: the console draws a program's first scene and stores it here; lists show it. One per
 * program, removed with it (foreign key cascade), copied with it.
 */
export class ProgramThumbnailService {
  constructor(private readonly db: Database) {}

  /**
   * Stores (replaces) the thumbnail of a program in the caller's scope (404 otherwise). Needs
   * program:make:edit, or program:make:add for a program the caller created (the console draws a new
   * program's thumbnail right after creating it). With `revision`, 409 `programConflict` when the program
   * was saved since the image was drawn.
   */
  async save(
    auth: AuthContext,
    input: { id: number; image: string; revision?: number },
  ): Promise<ProgramThumbnailSaved> {
    const { mime, bytes } = decodeThumbnail(input.image);
    return this.db.transaction(async (tx) => {
      const [program] = await tx
        .select({ revision: programs.revision, createdBy: programs.createdBy })
        .from(programs)
        .where(and(eq(programs.id, input.id), programScope(auth)))
        .for('update');
      if (!program) throw notInScope(input.id);
      const mayEdit =
        auth.permissions.has('program:make:edit') ||
        (auth.permissions.has('program:make:add') && program.createdBy === auth.userId);
      if (!mayEdit) throw forbidden('Requires permission program:make:edit', 'noPermission');
      if (input.revision !== undefined && input.revision !== program.revision) {
        throw conflict(
          `The program was saved since this image was drawn (now revision ${program.revision})`,
          'programConflict',
          { field: 'revision', revision: program.revision },
        );
      }
      const values = { mime, bytes, revision: program.revision, updatedAt: new Date() };
      await tx
        .insert(programThumbnails)
        .values({ programId: input.id, ...values })
        .onConflictDoUpdate({ target: programThumbnails.programId, set: values });
      return { revision: program.revision };
    });
  }

  /** The thumbnail of a program in the caller's scope; 404 when it has none or is out of scope. */
  async file(auth: AuthContext, id: number): Promise<ProgramThumbnailFile> {
    const [row] = await this.db
      .select({
        mime: programThumbnails.mime,
        bytes: programThumbnails.bytes,
        revision: programThumbnails.revision,
        updatedAt: programThumbnails.updatedAt,
      })
      .from(programThumbnails)
      .innerJoin(programs, eq(programs.id, programThumbnails.programId))
      .where(and(eq(programThumbnails.programId, id), programScope(auth)));
    if (!row) throw fieldError(404, 'id', `No thumbnail of program ${id} in your scope`, 'notFound');
    return { ...row, mime: row.mime as ProgramThumbnailMime };
  }

  /** Gives program `to` (at `revision`) the thumbnail of `from`, if it has one (program copies). */
  async copy(from: number, to: number, revision: number): Promise<void> {
    await this.db
      .insert(programThumbnails)
      .select(
        this.db
          .select({
            programId: sql<number>`${to}::int`.as('program_id'),
            mime: programThumbnails.mime,
            bytes: programThumbnails.bytes,
            revision: sql<number>`${revision}::int`.as('revision'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(programThumbnails)
          .where(eq(programThumbnails.programId, from)),
      )
      .onConflictDoNothing();
  }
}
