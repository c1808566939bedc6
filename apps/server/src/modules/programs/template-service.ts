import {
  PROGRAM_FORMAT_VERSION,
  type ProgramDocument,
  type ProgramTemplate,
  type ProgramTemplateDetail,
} from '@apm/contract';
import { programMaterialIds } from '@apm/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials, offices, programTemplates, programs, users } from '../../db/schema/index.js';
import { dataScope } from '../../lib/data-scope.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { isPlatformUser } from '../dictionary/service.js';
import { escapeLike } from '../materials/material-queries.js';
import { fieldError } from '../users/user-access.js';
import { programScope } from './program-queries.js';

/** Templates the caller may use: their data range, plus the platform's shared ones. */
const templateReadable = (auth: AuthContext): SQL =>
  or(
    dataScope(auth, programTemplates.officeId, programTemplates.createdBy),
    eq(programTemplates.shared, true),
  )!;

/** Templates the caller may delete: their data range only (shared ones stay the platform's). */
const templateEditable = (auth: AuthContext): SQL =>
  dataScope(auth, programTemplates.officeId, programTemplates.createdBy);

const columns = {
  id: programTemplates.id,
  name: programTemplates.name,
  officeId: programTemplates.officeId,
  officeName: offices.name,
  creatorName: users.name,
  width: programTemplates.width,
  height: programTemplates.height,
  shared: programTemplates.shared,
  createdAt: programTemplates.createdAt,
};

const toTemplate = (row: { createdAt: Date } & Omit<ProgramTemplate, 'createdAt'>): ProgramTemplate => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** What saving a program as a template takes. */
export interface TemplateSaveInput {
  programId: number;
  name: string;
  /** Offer it to every tenant: platform users only, and only with shared materials. */
  shared?: boolean;
}

/** Program templates: saved from a program, listed for new programs to start from, deleted. */
export class ProgramTemplateService {
  constructor(private readonly db: Database) {}

  /** One page of the templates the caller may use, newest first. */
  async list(auth: AuthContext, q: { pageNo: number; pageSize: number; keyword?: string }) {
    const where = and(
      templateReadable(auth),
      q.keyword ? ilike(programTemplates.name, `%${escapeLike(q.keyword)}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(programTemplates)
        .innerJoin(offices, eq(offices.id, programTemplates.officeId))
        .leftJoin(users, eq(users.id, programTemplates.createdBy))
        .where(where)
        .orderBy(desc(programTemplates.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.db.select({ n: count() }).from(programTemplates).where(where),
    ]);
    return { list: rows.map(toTemplate), count: total?.n ?? 0, pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** A template with its document; 404 when the caller may not use it. */
  async detail(auth: AuthContext, id: number): Promise<ProgramTemplateDetail> {
    const [row] = await this.db
      .select({ ...columns, document: programTemplates.document })
      .from(programTemplates)
      .innerJoin(offices, eq(offices.id, programTemplates.officeId))
      .leftJoin(users, eq(users.id, programTemplates.createdBy))
      .where(and(eq(programTemplates.id, id), templateReadable(auth)));
    if (!row) throw fieldError(404, 'id', `No template ${id} for you`, 'notFound');
    const { document, ...rest } = row;
    return { ...toTemplate(rest), document: document as unknown as ProgramTemplateDetail['document'] };
  }

  /** Saves a program of the caller's data range as a template of its office. */
  async save(auth: AuthContext, input: TemplateSaveInput): Promise<{ id: number }> {
    const [program] = await this.db
      .select({
        officeId: programs.officeId,
        document: programs.document,
        width: programs.width,
        height: programs.height,
      })
      .from(programs)
      .where(and(eq(programs.id, input.programId), programScope(auth)));
    if (!program)
      throw fieldError(404, 'programId', `No program ${input.programId} in your scope`, 'notFound');
    const name = input.name.trim();
    if (!name) throw fieldError(400, 'name', 'name is empty');
    const document = { ...program.document, name, formatVersion: PROGRAM_FORMAT_VERSION };
    if (input.shared) await this.checkShareable(auth, document as unknown as ProgramDocument);
    const [row] = await this.db
      .insert(programTemplates)
      .values({
        name,
        officeId: program.officeId,
        createdBy: auth.userId,
        document,
        width: program.width,
        height: program.height,
        shared: input.shared === true,
      })
      .returning({ id: programTemplates.id });
    return { id: row!.id };
  }

  /** Deletes templates of the caller's data range, all or nothing. */
  async delete(auth: AuthContext, ids: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: programTemplates.id })
        .from(programTemplates)
        .where(and(inArray(programTemplates.id, ids), templateEditable(auth)))
        .for('update');
      const missing = ids.filter((id) => !rows.some((r) => r.id === id));
      if (missing.length)
        throw fieldError(404, 'ids', `No template ${missing.join(', ')} in your scope`, 'notFound');
      await tx.delete(programTemplates).where(inArray(programTemplates.id, ids));
    });
  }

  /** Every tenant may use a shared template: only the platform shares, and only with shared materials. */
  private async checkShareable(auth: AuthContext, document: ProgramDocument): Promise<void> {
    if (!(await isPlatformUser(this.db, auth))) {
      throw fieldError(
        403,
        'shared',
        'Only platform users can share templates with every tenant',
        'platformOnly',
      );
    }
    const ids = programMaterialIds(document);
    if (!ids.length) return;
    const unshared = await this.db
      .select({ id: materials.id, name: materials.name })
      .from(materials)
      .where(and(inArray(materials.id, ids), eq(materials.shared, false)));
    if (unshared.length) {
      const msg = `Tenants cannot see these materials: ${unshared.map((m) => m.name).join(', ')}; share them first`;
      throw new AppError(400, msg, 'materialsNotShared', {
        fields: { shared: msg },
        materialIds: unshared.map((m) => m.id),
      });
    }
  }
}
