import { describe, expect, it } from 'vitest';
import { permissionNameParts } from '../src/access/permission-name';

describe('permission names', () => {
  it('names page and operation in the language', () => {
    expect(permissionNameParts('sys:user:edit', 'CN')).toEqual({ page: '用户管理', operation: '编辑' });
    expect(permissionNameParts('sys:user:edit', 'US')).toEqual({
      page: 'User management',
      operation: 'Edit',
    });
    expect(permissionNameParts('x:y:zap', 'US')).toEqual({ page: 'x:y', operation: 'zap' });
  });
});
