import type { ProgramDocument, Scene } from '@apm/contract';
import { newScene } from './widget-defaults';

/** Makes ids unique within a program: `prefix` and a counter past the largest in use. */
export type IdFactory = (prefix: 'scene' | 'widget') => string;

/** An id factory that never repeats an id already in `doc` (nor one it gave before). */
export function idFactoryFor(doc: ProgramDocument): IdFactory {
  const used = new Set<string>();
  for (const scene of doc.scenes) {
    used.add(scene.id);
    for (const widget of scene.widgets) used.add(widget.id);
  }
  let counter = 0;
  return (prefix) => {
    let id: string;
    do {
      counter += 1;
      id = `${prefix}-${counter}`;
    } while (used.has(id));
    used.add(id);
    return id;
  };
}

const withScenes = (doc: ProgramDocument, scenes: Scene[]): ProgramDocument => ({ ...doc, scenes });

/** Adds an empty scene after scene `index`; answers the document and the new scene's index. */
export function addScene(
  doc: ProgramDocument,
  index: number,
  ids: IdFactory,
  name: string,
): { doc: ProgramDocument; index: number } {
  const at = Math.min(doc.scenes.length, Math.max(0, index + 1));
  const scenes = [...doc.scenes];
  scenes.splice(at, 0, newScene(ids('scene'), name));
  return { doc: withScenes(doc, scenes), index: at };
}

/** Copies scene `index` (its widgets with new ids) right after it. */
export function copyScene(
  doc: ProgramDocument,
  index: number,
  ids: IdFactory,
  name: string,
): { doc: ProgramDocument; index: number } {
  const source = doc.scenes[index];
  if (!source) return { doc, index };
  const copy: Scene = {
    ...structuredClone(source),
    id: ids('scene'),
    name,
    widgets: source.widgets.map((w) => ({ ...structuredClone(w), id: ids('widget') })),
  };
  const scenes = [...doc.scenes];
  scenes.splice(index + 1, 0, copy);
  return { doc: withScenes(doc, scenes), index: index + 1 };
}

/**
 * Deletes scene `index`; a program keeps at least one scene, so the last one is not deleted.
 * Buttons that jumped to it lose their target (they would jump nowhere).
 */
export function deleteScene(doc: ProgramDocument, index: number): ProgramDocument {
  const gone = doc.scenes[index];
  if (!gone || doc.scenes.length === 1) return doc;
  const scenes = doc.scenes
    .filter((_, i) => i !== index)
    .map((scene) =>
      scene.widgets.some((w) => w.type === 'button' && w.props.targetSceneId === gone.id)
        ? {
            ...scene,
            widgets: scene.widgets.map((w) =>
              w.type === 'button' && w.props.targetSceneId === gone.id
                ? { ...w, props: { ...w.props, action: 'next' as const, targetSceneId: undefined } }
                : w,
            ),
          }
        : scene,
    );
  return withScenes(doc, scenes);
}

/** Moves scene `from` to position `to` (a drag in the scenes panel). */
export function moveScene(doc: ProgramDocument, from: number, to: number): ProgramDocument {
  const target = Math.min(doc.scenes.length - 1, Math.max(0, to));
  if (from === target || !doc.scenes[from]) return doc;
  const scenes = [...doc.scenes];
  const [moved] = scenes.splice(from, 1);
  scenes.splice(target, 0, moved!);
  return withScenes(doc, scenes);
}

/** The scene properties the scenes panel edits. */
export type ScenePatch = Partial<
  Pick<Scene, 'name' | 'main' | 'background' | 'durationMs' | 'untilTouched' | 'transition'>
>;

/** Changes properties of scene `index`. */
export function updateScene(doc: ProgramDocument, index: number, patch: ScenePatch): ProgramDocument {
  const scene = doc.scenes[index];
  if (!scene) return doc;
  return withScenes(
    doc,
    doc.scenes.map((s, i) => (i === index ? { ...s, ...patch } : s)),
  );
}

/** Replaces the widgets of scene `index` through `change` (unchanged when it answers the same array). */
export function mapWidgets(
  doc: ProgramDocument,
  index: number,
  change: (widgets: Scene['widgets']) => Scene['widgets'],
): ProgramDocument {
  const scene = doc.scenes[index];
  if (!scene) return doc;
  const widgets = change(scene.widgets);
  if (widgets === scene.widgets) return doc;
  return withScenes(
    doc,
    doc.scenes.map((s, i) => (i === index ? { ...s, widgets } : s)),
  );
}
