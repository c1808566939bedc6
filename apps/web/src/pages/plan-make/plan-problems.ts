import type { PlanDocument, PlanProblem, PlanProblemCode } from '@apm/contract';
import { planProblems, type PlanCheckOptions } from '@apm/schedule';
import type { PlanDraft } from './state/plan-state';

/**
 * The problems the editor shows live: the shared checks of `@apm/schedule` (the server runs the same
 * ones on save) and the editor's own (a plan needs a name, an entry a program), plus the field
 * errors a refused save named.
 */

/** Codes of the editor's own checks. */
export type EditorProblemCode = PlanProblemCode | 'name' | 'noProgram';

/** A problem as the editor shows it. */
export type EditorProblem = Omit<PlanProblem, 'code'> & { code: EditorProblemCode };

/** Field errors of a refused save: entry id (`''` for the plan itself) → field → the server's text. */
export type FieldErrors = Record<string, Record<string, string>>;

/** The problems of a draft; errors first. */
export function editorProblems(draft: PlanDraft, options: PlanCheckOptions): EditorProblem[] {
  const out: EditorProblem[] = [];
  if (!draft.name.trim())
    out.push({
      code: 'name',
      entryId: null,
      field: 'name',
      severity: 'error',
      message: 'the plan has no name',
    });
  for (const entry of draft.document.entries) {
    if (entry.items.length === 0)
      out.push({
        code: 'noProgram',
        entryId: entry.id,
        field: 'items',
        severity: 'error',
        message: 'no program',
      });
  }
  out.push(...planProblems(draft.document, options));
  return out.sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'));
}

/** The field a problem names without its index: `windows[1]` → `windows`. */
export const baseField = (field: string | undefined): string => (field ?? '').replace(/[[.].*$/, '');

/** The problems of one entry (or of the plan, `null`), optionally of one field. */
export function problemsOf(
  problems: readonly EditorProblem[],
  entryId: string | null,
  field?: string,
): EditorProblem[] {
  return problems.filter(
    (p) =>
      (p.entryId === entryId || p.otherEntryId === entryId) &&
      (field === undefined || baseField(p.field) === field),
  );
}

/** Whether a problem list refuses the save. */
export const hasErrors = (problems: readonly EditorProblem[]): boolean =>
  problems.some((p) => p.severity === 'error');

/**
 * A 400's field names (`document.entries[2].rrule`, `name`) turned into entry ids and fields of the
 * document that was sent.
 */
export function entryFieldErrors(fields: Record<string, string>, document: PlanDocument): FieldErrors {
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(fields)) {
    const m = /^(?:\/|)document[./]entries[[/.]?(\d+)\]?[./]?(\w+)?/.exec(name);
    const entryId = m ? (document.entries[Number(m[1])]?.id ?? '') : '';
    const field = m ? (m[2] ?? 'entry') : baseField(name.replace(/^\/?document[./]/, ''));
    (out[entryId] ??= {})[field] = text;
  }
  return out;
}
