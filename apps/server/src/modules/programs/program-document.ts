import { programMaterialIds, validateProgram, type ProgramDocument } from '@apm/contract';
import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { materialReadable } from '../materials/material-queries.js';
import { checkProgramWidgets } from '../widgets/program-widgets.js';

/** A checked document with what the server derives from it. */
export interface CheckedProgram {
  document: ProgramDocument;
  migratedFrom: number | null;
  materialIds: number[];
  /** Sum of the sizes of the distinct materials, in bytes. */
  size: number;
}

const invalid = (path: string, message: string, extra: Record<string, unknown> = {}) => {
  const field = `document${path === '/' ? '' : path}`;
  return new AppError(400, `${field}: ${message}`, 'validation', { fields: { [field]: message }, ...extra });
};

/** The document of a request: an object, or JSON text (form-encoded bodies); 400 naming `document` otherwise. */
export function parseDocument(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw invalid('/', 'is not valid JSON');
  }
}

/** JSON pointer of the first place a document uses each material. */
export function materialPaths(doc: ProgramDocument): Map<number, string> {
  const paths = new Map<number, string>();
  const note = (id: number, path: string) => {
    if (!paths.has(id)) paths.set(id, path);
  };
  doc.scenes.forEach((scene, s) => {
    if (scene.background.materialId) note(scene.background.materialId, `/scenes/${s}/background/materialId`);
    scene.widgets.forEach((widget, w) => {
      if (widget.type === 'image' || widget.type === 'video' || widget.type === 'audio') {
        widget.props.items.forEach((item, i) =>
          note(item.materialId, `/scenes/${s}/widgets/${w}/props/items/${i}/materialId`),
        );
      } else if (widget.type === 'html')
        note(widget.props.materialId, `/scenes/${s}/widgets/${w}/props/materialId`);
    });
  });
  return paths;
}

/**
 * Validates (and migrates) a program document, then checks that every material it uses is one the
 * caller may see (their scope, or a shared platform material); 400 naming the bad field's path.
 */
export async function checkProgram(db: Database, auth: AuthContext, raw: unknown): Promise<CheckedProgram> {
  const result = validateProgram(parseDocument(raw));
  if (!result.ok) {
    const [first] = result.problems;
    const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more)` : '';
    throw invalid(first!.path, `${first!.message}${more}`, { problems: result.problems });
  }
  const document = result.program;
  const materialIds = programMaterialIds(document);
  const rows = materialIds.length
    ? await db
        .select({ id: materials.id, size: materials.size })
        .from(materials)
        .where(and(inArray(materials.id, materialIds), materialReadable(auth)))
    : [];
  const missing = materialIds.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) {
    const paths = materialPaths(document);
    throw invalid(paths.get(missing[0]!)!, `no material ${missing.join(', ')} in your library`, {
      materialIds: missing,
    });
  }
  await checkProgramWidgets(db, auth, document);
  const size = rows.reduce((sum, r) => sum + Number(r.size), 0);
  return { document, migratedFrom: result.migratedFrom, materialIds, size };
}
