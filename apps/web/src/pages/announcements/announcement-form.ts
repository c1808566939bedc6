/** Pure conversions of the announcement form. */
import type { Announcement } from '@apm/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** What the form edits: the times as a (start, end) pair, the popup switch as a boolean. */
export interface AnnouncementFormValues {
  announcementTitleCh: string;
  announcementTitleEn: string;
  announcementContentCh: string;
  announcementContentEn: string;
  period: [Dayjs | null, Dayjs | null] | null;
  colseTipOn: boolean;
}

/** Form values from the saved announcement (or an empty one). */
export function toFormValues(a: Announcement | null | undefined): AnnouncementFormValues {
  const time = (value: string | undefined) => (value ? dayjs(value) : null);
  return {
    announcementTitleCh: a?.announcementTitleCh ?? '',
    announcementTitleEn: a?.announcementTitleEn ?? '',
    announcementContentCh: a?.announcementContentCh ?? '',
    announcementContentEn: a?.announcementContentEn ?? '',
    period:
      a && (a.announcemenStartTime || a.announcemenEndTime)
        ? [time(a.announcemenStartTime), time(a.announcemenEndTime)]
        : null,
    colseTipOn: a?.colseTipOn === '1',
  };
}

/** The save body from form values: times as ISO 8601 or ''. */
export function toAnnouncement(values: AnnouncementFormValues): Announcement {
  const [start, end] = values.period ?? [null, null];
  return {
    announcementTitleCh: (values.announcementTitleCh ?? '').trim(),
    announcementTitleEn: (values.announcementTitleEn ?? '').trim(),
    announcementContentCh: values.announcementContentCh ?? '',
    announcementContentEn: values.announcementContentEn ?? '',
    announcemenStartTime: start ? start.toISOString() : '',
    announcemenEndTime: end ? end.toISOString() : '',
    colseTipOn: values.colseTipOn ? '1' : '0',
  };
}

/** Whether the period is in order: an end, when both are given, after the start. */
export function periodInOrder(period: AnnouncementFormValues['period']): boolean {
  const [start, end] = period ?? [null, null];
  return !start || !end || end.isAfter(start);
}

/** Where the announcement stands at `now`. */
export function announcementStatus(a: Announcement, now: number): 'active' | 'scheduled' | 'ended' | 'off' {
  if (a.colseTipOn !== '1') return 'off';
  if (a.announcemenStartTime && now < Date.parse(a.announcemenStartTime)) return 'scheduled';
  if (a.announcemenEndTime && now > Date.parse(a.announcemenEndTime)) return 'ended';
  return 'active';
}
