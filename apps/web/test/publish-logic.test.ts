import { describe, expect, it } from 'vitest';
import {
  deliveryPercent,
  groupTree,
  idOfKey,
  mergeIds,
  officeTree,
  parseProgramId,
  windowProblem,
} from '../src/pages/publish/publish-logic';

const office = (id: number, parentId: number | null, name: string, total = 0) => ({
  id,
  parentId,
  name,
  kind: 'office',
  path: '',
  terminalCount: 0,
  totalTerminalCount: total,
  hasChildren: false,
});

describe('publish logic', () => {
  it('reads the program id of the address', () => {
    expect(parseProgramId('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', '12a', '99999999999'])
      expect(parseProgramId(bad)).toBeNull();
  });

  it('builds the office tree from the flat list; unknown parents make roots', () => {
    const tree = officeTree([office(1, null, 'HQ', 5), office(2, 1, 'Shop', 2), office(3, 9, 'Lost')]);
    expect(tree).toEqual([
      { key: 'o1', title: 'HQ (5)', children: [{ key: 'o2', title: 'Shop (2)', children: [] }] },
      { key: 'o3', title: 'Lost (0)', children: [] },
    ]);
  });

  it('builds the group tree and reads keys back', () => {
    const child = { id: 2, officeId: 1, parentId: 1, name: 'Floor', terminalCount: 1, children: [] };
    const tree = groupTree([
      { id: 1, officeId: 1, parentId: null, name: 'All', terminalCount: 3, children: [child] },
    ]);
    expect(tree[0]).toMatchObject({
      key: 'g1',
      title: 'All (3)',
      children: [{ key: 'g2', title: 'Floor (1)' }],
    });
    expect(idOfKey('g2', 'g')).toBe(2);
    expect(idOfKey('o2', 'g')).toBeUndefined();
    expect(idOfKey(undefined, 'o')).toBeUndefined();
  });

  it('checks the window', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(windowProblem(null, null, now)).toBeNull();
    expect(windowProblem('2030-01-02T00:00:00Z', '2030-01-03T00:00:00Z', now)).toBeNull();
    expect(windowProblem('2030-01-03T00:00:00Z', '2030-01-02T00:00:00Z', now)).toBe('endBeforeStart');
    expect(windowProblem(null, '2029-12-31T00:00:00Z', now)).toBe('endPast');
  });

  it('measures download progress by bytes, else files', () => {
    expect(deliveryPercent({ receivedBytes: 50, totalBytes: 200, doneFiles: 0, totalFiles: 2 })).toBe(25);
    expect(deliveryPercent({ receivedBytes: 0, totalBytes: 0, doneFiles: 1, totalFiles: 2 })).toBe(50);
    expect(deliveryPercent({ receivedBytes: 0, totalBytes: 0, doneFiles: 0, totalFiles: 0 })).toBe(0);
    expect(mergeIds([3, 1], [1, 2])).toEqual([3, 1, 2]);
  });
});
