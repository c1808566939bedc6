import { describe, expect, it } from 'vitest';
import { trimmedFilters } from '../src/components/admin/use-server-table';

describe('useServerTable search filters', () => {
  it('trims strings and drops empty values, keeping numbers, flags and zero', () => {
    expect(
      trimmedFilters({
        name: '  anna ',
        code: '   ',
        officeId: 3,
        roleId: undefined,
        enabled: '0',
        sort: 0,
        x: null,
      }),
    ).toEqual({ name: 'anna', officeId: 3, enabled: '0', sort: 0 });
    expect(trimmedFilters({})).toEqual({});
  });
});
