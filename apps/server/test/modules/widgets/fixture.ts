import type { ProgramDocument, Widget } from '@apm/contract';
import { zipSync, type Zippable } from 'fflate';
import type { App } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { addMaterial } from '../materials/library-fixture.js';
import { programDoc } from '../programs/fixture.js';

/** A `widget.json` of a clock-like widget with one setting of each kind. */
export const CLOCK_MANIFEST = {
  name: 'World clock',
  size: { w: 400, h: 200 },
  settings: {
    type: 'object',
    properties: {
      label: { type: 'string', title: 'Label', default: 'Rome', maxLength: 40 },
      speed: { type: 'number', minimum: 0, maximum: 10, default: 1 },
      seconds: { type: 'boolean', default: true },
      theme: { type: 'string', enum: ['dark', 'light'], default: 'dark' },
      color: { type: 'string', format: 'color', default: '#ff8800' },
    },
  },
};

/** A zip of the given files (text or bytes), names as given (unsafe ones too). */
export function zipOf(
  files: Record<string, string | Uint8Array>,
  attrs: Record<string, number> = {},
): Buffer {
  const entries: Zippable = {};
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    entries[name] = attrs[name] === undefined ? data : [data, { attrs: attrs[name] }];
  }
  return Buffer.from(zipSync(entries, { level: 9 }));
}

/** A good widget package: index.html, a script and widget.json (optionally inside a folder). */
export function widgetZip(manifest: object = CLOCK_MANIFEST, folder = ''): Buffer {
  return zipOf({
    [`${folder}index.html`]: '<!doctype html><script src="app.js"></script><p id="out"></p>',
    [`${folder}app.js`]: 'document.getElementById("out").textContent = window.apmWidget.settings.label;',
    [`${folder}widget.json`]: JSON.stringify(manifest),
  });
}

/** Stores a zip as an HTML-package material of an office; answers the material id. */
export async function addZipMaterial(
  app: App,
  db: Database,
  officeId: number,
  bytes: Buffer,
  name = 'widget.zip',
) {
  const { id } = await addMaterial(app, db, {
    name,
    officeId,
    bytes,
    kind: 'html',
    mime: 'application/zip',
    ext: '.zip',
    meta: { indexPage: 'index.html', entries: 3 },
  });
  return id;
}

/** A program with one widget of the given type and props (besides the fixture's title text). */
export function docWith(
  name: string,
  type: Widget['type'],
  props: object,
  extra: Partial<Widget> = {},
): ProgramDocument {
  const doc = programDoc(name);
  doc.scenes[0]!.widgets.push({
    id: `w-${type}`,
    type,
    x: 10,
    y: 10,
    w: 400,
    h: 200,
    rotation: 0,
    z: 5,
    props,
    ...extra,
  } as Widget);
  return doc;
}

/** Props of a data widget showing a source. */
export const dataProps = (sourceId: number) => ({
  sourceId,
  display: 'list',
  maxItems: 5,
  font: { family: 'sans-serif', size: 32, color: '#ffffff' },
  speed: 100,
  refreshSeconds: 60,
});
