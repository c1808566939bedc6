import { describe, expect, it } from 'vitest';
import {
  announcementHash,
  decideAnnouncement,
  fnv1a,
  localizedAnnouncement,
  type Announcement,
} from '../src/layouts/announcement/announcement-logic';

const base: Announcement = {
  texts: {
    CN: { title: '维护通知', content: '今晚维护' },
    US: { title: 'Maintenance', content: 'Maintenance tonight' },
  },
  title: '维护通知',
  content: '今晚维护',
  language: 'CN',
  announcementTitleCh: '维护通知',
  announcementTitleEn: 'Maintenance',
  announcementContentCh: '今晚维护',
  announcementContentEn: 'Maintenance tonight',
  announcemenStartTime: '2026-01-01T00:00:00Z',
  announcemenEndTime: '2026-12-31T00:00:00Z',
  colseTipOn: '1',
};
const now = Date.parse('2026-06-01T00:00:00Z');

describe('announcement', () => {
  it('shows when on and within its window', () => {
    expect(decideAnnouncement(base, now, null)).toEqual({ show: true, clearDismissal: false });
    expect(decideAnnouncement({ ...base, colseTipOn: '0' }, now, null).show).toBe(false);
    expect(decideAnnouncement(base, Date.parse('2025-06-01T00:00:00Z'), null).show).toBe(false);
    expect(decideAnnouncement(base, Date.parse('2027-06-01T00:00:00Z'), null).show).toBe(false);
    expect(decideAnnouncement(null, now, null).show).toBe(false);
  });

  it('stays away after "no more reminders" until the content changes, in any language', () => {
    const hash = announcementHash(base);
    expect(decideAnnouncement(base, now, hash).show).toBe(false);
    const changed = { ...base, texts: { ...base.texts, US: { title: 'Maintenance', content: 'Changed' } } };
    expect(decideAnnouncement(changed, now, hash).show).toBe(true);
    const italian = { ...base, texts: { ...base.texts, IT: { title: 'Manutenzione', content: 'Stasera' } } };
    expect(decideAnnouncement(italian, now, hash).show).toBe(true);
  });

  it('hashes a Chinese and English announcement as before, so earlier choices still hold', () => {
    const legacy = fnv1a(['维护通知', 'Maintenance', '今晚维护', 'Maintenance tonight'].join('\u0000'));
    expect(announcementHash(base)).toBe(legacy);
    const { texts: _texts, ...fieldsOnly } = base;
    expect(announcementHash(fieldsOnly)).toBe(legacy);
  });

  it('clears the stored choice when the end time is empty', () => {
    const open = { ...base, announcemenEndTime: '' };
    expect(decideAnnouncement(open, now, announcementHash(open))).toEqual({
      show: true,
      clearDismissal: true,
    });
    expect(decideAnnouncement(open, now, null).clearDismissal).toBe(false);
  });

  it('hashes deterministically and picks the language', () => {
    expect(fnv1a('')).toBe('811c9dc5');
    expect(fnv1a('a')).toBe('e40c292c');
    expect(localizedAnnouncement(base, ['HK', 'CN'])).toEqual({
      title: '维护通知',
      content: '今晚维护',
      language: 'CN',
    });
    expect(localizedAnnouncement(base, ['RU']).language).toBe('US');
    const italian = { texts: { IT: { title: 'Manutenzione', content: 'Stasera' } } };
    expect(localizedAnnouncement(italian, ['RU', 'CN'])).toEqual({
      title: 'Manutenzione',
      content: 'Stasera',
      language: 'IT',
    });
    expect(localizedAnnouncement({ texts: {} }, ['US']).language).toBeNull();
  });
});
