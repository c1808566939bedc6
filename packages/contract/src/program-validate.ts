import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  PROGRAM_FORMAT_VERSION,
  ProgramDocumentSchema,
  WIDGET_PROPS,
  type ProgramDocument,
  type WidgetType,
} from './program.js';

/** One problem of a program document: the JSON pointer of the bad field and what is wrong. */
export interface ProgramProblem {
  path: string;
  message: string;
}

/** Result of `validateProgram`: the document at the current version, or its problems. */
export type ProgramValidation =
  | { ok: true; program: ProgramDocument; migratedFrom: number | null }
  | { ok: false; problems: ProgramProblem[] };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Forward migrations, keyed by the version they migrate from. Version 1 (the first editor's
 * format) kept the canvas at the top level, scene durations in seconds with 0 for "until
 * touched", and widget boxes as left/top/width/height.
 */
export const PROGRAM_MIGRATIONS: Record<number, (doc: Json) => Json> = {
  1: (doc) => {
    const width = num(doc.width, 1920);
    const height = num(doc.height, 1080);
    const scenes = Array.isArray(doc.scenes) ? doc.scenes : [];
    return {
      formatVersion: 2,
      name: doc.name,
      canvas: {
        w: width,
        h: height,
        realWidth: num(doc.realWidth, width),
        realHeight: num(doc.realHeight, height),
      },
      scenes: scenes.map((scene: unknown) => {
        if (!isObject(scene)) return scene;
        const seconds = num(scene.duration, 10);
        const widgets = Array.isArray(scene.widgets) ? scene.widgets : [];
        return {
          id: scene.id,
          name: scene.name ?? '',
          main: true,
          background: {
            color: scene.bgColor ?? '#000000',
            materialId: scene.bgMaterialId ?? null,
            fit: 'cover',
          },
          durationMs: seconds > 0 ? Math.round(seconds * 1000) : 10_000,
          untilTouched: seconds === 0,
          transition: { name: scene.transition ?? 'none', durationMs: 800 },
          widgets: widgets.map((widget: unknown, index: number) => {
            if (!isObject(widget)) return widget;
            const { left, top, width: w, height: h, rotate, zIndex, ...rest } = widget;
            return { ...rest, x: left, y: top, w, h, rotation: rotate ?? 0, z: zIndex ?? index };
          }),
        };
      }),
    };
  },
};

/** The format version a document declares (`formatVersion`, or `version` in version 1), or null. */
export function programVersionOf(doc: unknown): number | null {
  if (!isObject(doc)) return null;
  const v = doc.formatVersion ?? doc.version;
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** Migrates a document forward to the current format version; throws a problem when it cannot. */
export function migrateProgram(doc: unknown): { doc: unknown; migratedFrom: number | null } {
  const version = programVersionOf(doc);
  if (version === null) throw problem('/formatVersion', 'must be the format version number');
  if (version > PROGRAM_FORMAT_VERSION)
    throw problem(
      '/formatVersion',
      `version ${version} is newer than this server (${PROGRAM_FORMAT_VERSION})`,
    );
  let current = doc as Json;
  for (let v = version; v < PROGRAM_FORMAT_VERSION; v++) {
    const step = PROGRAM_MIGRATIONS[v];
    if (!step) throw problem('/formatVersion', `version ${version} can no longer be read`);
    current = step(current);
  }
  return { doc: current, migratedFrom: version === PROGRAM_FORMAT_VERSION ? null : version };
}

class ProgramProblemError extends Error {
  constructor(readonly problem: ProgramProblem) {
    super(`${problem.path}: ${problem.message}`);
  }
}
const problem = (path: string, message: string) => new ProgramProblemError({ path, message });

const schemaProblems = (schema: TSchema, value: unknown, prefix = ''): ProgramProblem[] =>
  [...Value.Errors(schema, value)].map((e) => ({
    path: `${prefix}${e.instancePath}` || '/',
    message: e.message,
  }));

/**
 * Validates a program document of any known version: migrates it forward, checks it against
 * the schema (each widget against its type's props) and the rules a schema cannot say (ids
 * unique, button targets exist). Problems name the JSON pointer of the bad field, as the
 * document was after migration.
 */
export function validateProgram(input: unknown): ProgramValidation {
  let migrated: { doc: unknown; migratedFrom: number | null };
  try {
    migrated = migrateProgram(input);
  } catch (err) {
    if (err instanceof ProgramProblemError) return { ok: false, problems: [err.problem] };
    throw err;
  }
  const doc = migrated.doc;
  const problems = schemaProblems(ProgramDocumentSchema, doc);
  if (problems.length) return { ok: false, problems: problems.slice(0, 20) };
  const program = doc as ProgramDocument;
  const sceneIds = new Set<string>();
  program.scenes.forEach((scene, s) => {
    if (sceneIds.has(scene.id))
      problems.push({ path: `/scenes/${s}/id`, message: `duplicate scene id ${scene.id}` });
    sceneIds.add(scene.id);
  });
  if (!program.scenes.some((scene) => scene.main))
    problems.push({ path: '/scenes', message: 'needs at least one main scene' });
  const widgetIds = new Set<string>();
  program.scenes.forEach((scene, s) => {
    scene.widgets.forEach((widget, w) => {
      const at = `/scenes/${s}/widgets/${w}`;
      if (widgetIds.has(widget.id))
        problems.push({ path: `${at}/id`, message: `duplicate widget id ${widget.id}` });
      widgetIds.add(widget.id);
      problems.push(...schemaProblems(WIDGET_PROPS[widget.type as WidgetType], widget.props, `${at}/props`));
      if (widget.type === 'button' && widget.props.action === 'scene') {
        const target = (widget.props as { targetSceneId?: string }).targetSceneId;
        if (!target || !program.scenes.some((sc) => sc.id === target))
          problems.push({ path: `${at}/props/targetSceneId`, message: 'must name a scene of this program' });
      }
    });
  });
  if (problems.length) return { ok: false, problems: problems.slice(0, 20) };
  return { ok: true, program, migratedFrom: migrated.migratedFrom };
}
