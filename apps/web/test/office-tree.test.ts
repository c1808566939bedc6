import type { OfficeNode } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { isHostName } from '../src/pages/customers/domain-name';
import { buildTree } from '../src/pages/offices/use-office-tree';

const node = (id: number, parentId: number | null, hasChildren = false): OfficeNode => ({
  id,
  parentId,
  name: `Office ${id}`,
  kind: parentId === null ? 'platform' : 'office',
  path: `/${id}/`,
  sort: 0,
  hasChildren,
});

describe('institution tree data', () => {
  it('nests loaded children and marks unloaded branches expandable', () => {
    const tree = buildTree(
      [node(1, null, true)],
      new Map([
        [1, [node(2, 1, true), node(3, 1)]],
        [3, []],
      ]),
    );
    expect(tree).toHaveLength(1);
    expect(tree[0]!.isLeaf).toBe(false);
    expect(tree[0]!.children!.map((c) => [c.key, c.isLeaf, c.children])).toEqual([
      [2, false, undefined],
      [3, true, []],
    ]);
  });
});

describe('second domain names', () => {
  it('accepts host names and refuses anything else', () => {
    for (const ok of ['signage.example.com', 'A1.Test', 'xn--bcher-kva.example', 'brand-us.localhost'])
      expect(isHostName(ok), ok).toBe(true);
    for (const bad of [
      'localhost',
      'http://a.test',
      'a.test:80',
      'a.test/x',
      '-a.test',
      '10.0.0.1',
      'a..test',
      '',
    ])
      expect(isHostName(bad), bad).toBe(false);
  });
});
