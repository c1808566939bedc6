import type { PermissionNode } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { grantsOf, leafKeys, toGrantTree } from '../src/pages/roles/permission-tree';

const NODES: PermissionNode[] = [
  {
    id: 'sys',
    name: 'System management',
    operations: [{ key: 'sys:view', operation: 'view', grantable: true }],
    children: [
      {
        id: 'sys:user',
        name: 'User management',
        operations: [
          { key: 'sys:user:view', operation: 'view', grantable: true },
          { key: 'sys:user:add', operation: 'add', grantable: false },
        ],
      },
      {
        id: 'sys:office',
        name: 'Institution management',
        operations: [{ key: 'sys:office:view', operation: 'view', grantable: false }],
      },
    ],
  },
];

describe('role permission tree', () => {
  it('nests group operations and pages, translating names and disabling what cannot be granted', () => {
    const [sys] = toGrantTree(NODES, 'CN');
    expect(sys).toMatchObject({ key: 'page:sys', title: '系统管理', disabled: false });
    expect(sys!.children!.map((c) => c.key)).toEqual(['sys:view', 'page:sys:user', 'page:sys:office']);
    const user = sys!.children![1]!;
    expect(user.title).toBe('用户管理');
    expect(user.children).toEqual([
      { key: 'sys:user:view', title: '查看', disabled: false },
      { key: 'sys:user:add', title: '新增', disabled: true },
    ]);
    // A page whose every operation is ungrantable is disabled as a whole.
    expect(sys!.children![2]!.disabled).toBe(true);
    expect(leafKeys(toGrantTree(NODES, 'US'))).toEqual([
      'sys:view',
      'sys:user:view',
      'sys:user:add',
      'sys:office:view',
    ]);
  });

  it('keeps only permission strings of the checked keys', () => {
    expect(grantsOf(['page:sys', 'sys:user:view', 'sys:view', 'page:sys:user'])).toEqual([
      'sys:user:view',
      'sys:view',
    ]);
  });
});
