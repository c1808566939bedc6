/** Pure conversions of the announcement form. */
import {
  Languages,
  type Announcement,
  type AnnouncementSaveInput,
  type AnnouncementTexts,
  type Language,
} from '@apm/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { textsOf } from '../../layouts/announcement/announcement-logic';

/** What the form edits: title and content per language, the times as a (start, end) pair, the popup switch. */
export interface AnnouncementFormValues {
  texts: AnnouncementTexts;
  period: [Dayjs | null, Dayjs | null] | null;
  colseTipOn: boolean;
}

/** Form values from the saved announcement (or an empty one). */
export function toFormValues(a: Announcement | null | undefined): AnnouncementFormValues {
  const time = (value: string | undefined) => (value ? dayjs(value) : null);
  return {
    texts: a ? textsOf(a) : {},
    period:
      a && (a.announcemenStartTime || a.announcemenEndTime)
        ? [time(a.announcemenStartTime), time(a.announcemenEndTime)]
        : null,
    colseTipOn: a?.colseTipOn === '1',
  };
}

/** The languages to edit: those the announcement has, else the user's own. */
export function formLanguages(a: Announcement | null | undefined, current: Language): Language[] {
  const saved = a ? Languages.filter((l) => textsOf(a)[l]) : [];
  return saved.length ? saved : [current];
}

/**
 * The save body from form values: the texts of the `languages` being edited (titles trimmed; a language
 * left blank is left out), times as ISO 8601 or ''.
 */
export function toAnnouncement(
  values: AnnouncementFormValues,
  languages: readonly Language[],
): AnnouncementSaveInput {
  const [start, end] = values.period ?? [null, null];
  const texts: AnnouncementTexts = {};
  for (const language of languages) {
    const title = (values.texts?.[language]?.title ?? '').trim();
    const content = values.texts?.[language]?.content ?? '';
    if (title || content.trim()) texts[language] = { title, content };
  }
  return {
    texts,
    announcemenStartTime: start ? start.toISOString() : '',
    announcemenEndTime: end ? end.toISOString() : '',
    colseTipOn: values.colseTipOn ? '1' : '0',
  };
}

/** The form field a server error names: `texts.IT.title`, or the spec's fields for CN and US. */
export function formFieldOf(serverField: string): (string | number)[] | undefined {
  const spec: Record<string, [Language, 'title' | 'content']> = {
    announcementTitleCh: ['CN', 'title'],
    announcementContentCh: ['CN', 'content'],
    announcementTitleEn: ['US', 'title'],
    announcementContentEn: ['US', 'content'],
  };
  if (spec[serverField]) return ['texts', ...spec[serverField]];
  if (serverField === 'announcemenStartTime' || serverField === 'announcemenEndTime') return ['period'];
  const parts = serverField.split('.');
  if (parts[0] === 'texts' && parts.length === 3) return parts;
  return undefined;
}

/** Whether the period is in order: an end, when both are given, after the start. */
export function periodInOrder(period: AnnouncementFormValues['period']): boolean {
  const [start, end] = period ?? [null, null];
  return !start || !end || end.isAfter(start);
}

/** Where the announcement stands at `now`. */
export function announcementStatus(
  a: Pick<AnnouncementSaveInput, 'colseTipOn' | 'announcemenStartTime' | 'announcemenEndTime'>,
  now: number,
): 'active' | 'scheduled' | 'ended' | 'off' {
  if (a.colseTipOn !== '1') return 'off';
  if (a.announcemenStartTime && now < Date.parse(a.announcemenStartTime)) return 'scheduled';
  if (a.announcemenEndTime && now > Date.parse(a.announcemenEndTime)) return 'ended';
  return 'active';
}
