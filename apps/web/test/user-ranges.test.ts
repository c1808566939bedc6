import { describe, expect, it } from 'vitest';
import { rangesWithin } from '../src/services/user-admin';

describe('rangesWithin', () => {
  it('offers only ranges no wider than the operator’s own', () => {
    expect(rangesWithin('all')).toEqual(['all', 'officeAndBelow', 'office', 'self']);
    expect(rangesWithin('officeAndBelow')).toEqual(['officeAndBelow', 'office', 'self']);
    expect(rangesWithin('office')).toEqual(['office', 'self']);
    expect(rangesWithin('self')).toEqual(['self']);
    expect(rangesWithin(undefined)).toEqual(['all', 'officeAndBelow', 'office', 'self']);
  });
});
