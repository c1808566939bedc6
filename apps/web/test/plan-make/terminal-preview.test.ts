import { describe, expect, it } from 'vitest';
import { newEntry } from '../../src/pages/plan-make/state/entry-ops';
import { previewable } from '../../src/pages/plan-make/use-terminal-preview';

describe('previewable', () => {
  it('asks the server about a draft only once every entry has a program', () => {
    const empty = { entries: [], defaultProgramId: null };
    expect(previewable(empty)).toBe(true);
    const added = newEntry('e1', '2026-11-29');
    expect(added.items).toEqual([]);
    expect(previewable({ entries: [added], defaultProgramId: null })).toBe(false);
    const complete = { ...added, items: [{ programId: 7 }] };
    expect(previewable({ entries: [complete], defaultProgramId: null })).toBe(true);
    expect(previewable({ entries: [complete, added], defaultProgramId: null })).toBe(false);
  });
});
