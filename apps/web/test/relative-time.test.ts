import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/ru';
import { afterEach, describe, expect, it } from 'vitest';
import { relativeTimeIn } from '../src/utils/use-relative-time';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const THREE_MINUTES_AGO = new Date(NOW - 3 * 60_000).toISOString();

describe('relative times', () => {
  afterEach(() => {
    dayjs.locale('en');
  });

  it('are worded in the language asked for, whatever dayjs’s global locale', () => {
    // `changeLanguage` re-renders through i18next first, while dayjs's global locale is still the old one.
    dayjs.locale('en');
    expect(relativeTimeIn(THREE_MINUTES_AGO, 'FR', NOW)).toBe('il y a 3 minutes');
    expect(relativeTimeIn(THREE_MINUTES_AGO, 'RU', NOW)).toBe('3 минуты назад');
    dayjs.locale('fr');
    expect(relativeTimeIn(THREE_MINUTES_AGO, 'US', NOW)).toBe('3 minutes ago');
    expect(dayjs.locale()).toBe('fr');
  });

  it('take dates as ISO text, epoch milliseconds or Date', () => {
    expect(relativeTimeIn(NOW - 2 * 3600_000, 'US', NOW)).toBe('2 hours ago');
    expect(relativeTimeIn(new Date(NOW - 45_000), 'US', NOW)).toBe('a minute ago');
  });
});
