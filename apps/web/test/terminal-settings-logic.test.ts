import { describe, expect, it } from 'vitest';
import type { SettingDelivery } from '../src/services/terminal-info';
import { anyPending, hhmm, pushStateOf, unsupportedOf } from '../src/pages/terminal-settings/settings-logic';

const delivery = (
  state: SettingDelivery['state'],
  result: SettingDelivery['result'] = null,
): SettingDelivery => ({
  commandId: 1,
  state,
  params: {},
  result,
  error: null,
  createdAt: '',
  doneAt: null,
});

describe('settings logic', () => {
  it('maps delivery states to push states', () => {
    expect(pushStateOf(undefined)).toBe('none');
    expect(pushStateOf(delivery('queued'))).toBe('pending');
    expect(pushStateOf(delivery('sent'))).toBe('pending');
    expect(pushStateOf(delivery('acked'))).toBe('applied');
    expect(pushStateOf(delivery('expired'))).toBe('failed');
  });
  it('sees pending terminals and what they cannot apply', () => {
    const base = { id: 1, name: 'x', online: true, settings: {}, reportedVolume: null };
    expect(anyPending([{ ...base, deliveries: { volume: delivery('acked') } }])).toBe(false);
    expect(anyPending([{ ...base, deliveries: { displaySettings: delivery('sent') } }])).toBe(true);
    expect(unsupportedOf(delivery('acked', { unsupported: ['downloadWindow', 3] }))).toEqual([
      'downloadWindow',
    ]);
    expect(unsupportedOf(undefined)).toEqual([]);
    expect(hhmm(3, 5)).toBe('03:05');
  });
});
