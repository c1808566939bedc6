import { describe, expect, it } from 'vitest';
import { rangesFor } from '../src/pages/users/user-form';
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

describe('rangesFor', () => {
  const me = { id: 7, dataRange: 'office' as const, superAdmin: false };
  it('offers a super administrator who narrowed their range all again, for themselves only', () => {
    expect(rangesFor({ ...me, superAdmin: true }, 7)).toEqual(['all', 'officeAndBelow', 'office', 'self']);
    expect(rangesFor({ ...me, superAdmin: true }, 8)).toEqual(['office', 'self']);
    expect(rangesFor({ ...me, superAdmin: true }, undefined)).toEqual(['office', 'self']);
  });

  it('keeps anyone else within their own range, themselves included', () => {
    expect(rangesFor(me, 7)).toEqual(['office', 'self']);
    expect(rangesFor(null, undefined)).toEqual(['all', 'officeAndBelow', 'office', 'self']);
  });
});
