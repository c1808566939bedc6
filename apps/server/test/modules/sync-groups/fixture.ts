import type { ProgramDocument } from '@apm/contract';
import type { App } from '../../../src/app.js';
import { programDoc } from '../programs/fixture.js';

/** Saves a program through the console as the user of `cookie`; answers its id. */
export async function saveProgram(app: App, cookie: string, document: ProgramDocument): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/apm-web/a/api/program/save',
    payload: { document },
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`program save refused: ${res.body}`);
  return res.json().data.id as number;
}

/** A program whose second main scene waits for a touch (cannot be synchronized). */
export function touchDoc(name: string): ProgramDocument {
  const doc = programDoc(name, { scenes: 2 });
  doc.scenes[1]!.untilTouched = true;
  return doc;
}
