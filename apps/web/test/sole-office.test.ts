import type { OfficeKind, OfficeNode } from '@apm/contract';
import { describe, expect, it, vi } from 'vitest';
import { findSoleOffice } from '../src/components/admin/sole-office';

const node = (
  id: number,
  kind: OfficeKind,
  hasChildren = false,
  parentId: number | null = null,
): OfficeNode => ({
  id,
  parentId,
  name: `Office ${id}`,
  kind,
  path: `/${id}/`,
  sort: 0,
  hasChildren,
});
const all = () => true;

describe('the only office a picker offers', () => {
  it('is the single root of a tree without children, with no request for children', async () => {
    const load = vi.fn(async () => []);
    expect(await findSoleOffice([node(4, 'customer')], all, load)).toBe(4);
    expect(load).not.toHaveBeenCalled();
  });

  it('is none when the tree offers several or none', async () => {
    expect(
      await findSoleOffice([node(4, 'customer'), node(5, 'customer')], all, async () => []),
    ).toBeUndefined();
    expect(await findSoleOffice([], all, async () => [])).toBeUndefined();
    const children = async () => [node(9, 'office', false, 4)];
    expect(await findSoleOffice([node(4, 'customer', true)], all, children)).toBeUndefined();
    expect(
      await findSoleOffice(
        [node(4, 'customer')],
        () => false,
        async () => [],
      ),
    ).toBeUndefined();
  });

  it('looks below a root that cannot be chosen', async () => {
    const tree: Record<number, OfficeNode[]> = {
      1: [node(2, 'agent', true, 1)],
      2: [node(3, 'customer', false, 2)],
    };
    const onlyCustomers = (n: OfficeNode) => n.kind === 'customer';
    expect(
      await findSoleOffice([node(1, 'platform', true)], onlyCustomers, async (id) => tree[id] ?? []),
    ).toBe(3);
  });

  it('stops looking once a second choice shows', async () => {
    const load = vi.fn(async (id: number) => [node(id * 10, 'office', true, id)]);
    expect(
      await findSoleOffice([node(1, 'customer', true), node(2, 'customer', true)], all, load),
    ).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
