import { WEEKDAY_CODES, type PlanEntry, type WeekdayCode } from '@apm/contract';
import { rruleProblem } from '@apm/schedule';
import { Checkbox, DatePicker, Flex, Input, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldRow, type FieldState } from './FieldNote';
import {
  defaultRecurrence,
  parseRrule,
  toRrule,
  weekdayOfDate,
  type NthWeek,
  type Recurrence,
  type RecurrenceFreq,
} from './state/recurrence';

/** Props of {@link RecurrenceField}. */
export interface RecurrenceFieldProps {
  entry: PlanEntry;
  onChange(rrule: string | null, mergeKey?: string): void;
  state: FieldState;
}

const NTH: NthWeek[] = [1, 2, 3, 4, -1];

/**
 * The recurrence of an entry's days: a builder for the usual rules and the raw RRULE value beside it,
 * validated as it is typed (by the resolver's own check). A rule the builder cannot show leaves it on
 * "custom" and the raw field in charge.
 */
export function RecurrenceField({ entry, onChange, state }: RecurrenceFieldProps) {
  const { t } = useTranslation('planMake');
  const parsed = parseRrule(entry.rrule, entry.startDate);
  const rec: Recurrence = parsed ?? defaultRecurrence(entry.startDate);
  // The raw field keeps what is typed until it is valid; the document holds the last typed value.
  const [raw, setRaw] = useState(entry.rrule ?? '');
  useEffect(() => setRaw((r) => (r.trim() === (entry.rrule ?? '') ? r : (entry.rrule ?? ''))), [entry.rrule]);
  const rawProblem = raw.trim() ? rruleProblem(raw, entry.startDate) : null;
  const set = (patch: Partial<Recurrence>) => {
    const next = { ...rec, ...patch };
    if (next.freq === 'WEEKLY' && rec.freq !== 'WEEKLY' && !next.byDay.length)
      next.byDay = [weekdayOfDate(entry.startDate)];
    onChange(toRrule(next));
  };
  const id = `plan-entry-${entry.id}`;

  return (
    <fieldset className="apm-plan-fieldset">
      <legend>{t('recurrence')}</legend>
      <FieldRow label={t('repeat')} htmlFor={`${id}-freq`}>
        <Select<RecurrenceFreq | 'custom'>
          id={`${id}-freq`}
          aria-label={t('repeat')}
          value={parsed ? rec.freq : 'custom'}
          onChange={(freq) => {
            if (freq !== 'custom') set({ freq });
          }}
          options={[
            ...(['none', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const).map((f) => ({
              value: f,
              label: t(`freq.${f}`),
            })),
            ...(parsed ? [] : [{ value: 'custom' as const, label: t('freq.custom'), disabled: true }]),
          ]}
          data-testid="plan-recurrence-freq"
        />
      </FieldRow>
      {parsed && rec.freq !== 'none' ? (
        <>
          <FieldRow label={t('interval')} htmlFor={`${id}-interval`}>
            <InputNumber
              id={`${id}-interval`}
              min={1}
              max={999}
              precision={0}
              value={rec.interval}
              onChange={(v) => set({ interval: v ?? 1 })}
              addonAfter={t(`intervalUnit.${rec.freq as Exclude<RecurrenceFreq, 'none'>}`)}
            />
          </FieldRow>
          {rec.freq === 'WEEKLY' ? (
            <FieldRow label={t('onDays')}>
              <Checkbox.Group
                aria-label={t('onDays')}
                value={rec.byDay}
                onChange={(days) => set({ byDay: days as WeekdayCode[] })}
                options={WEEKDAY_CODES.map((d) => ({ value: d, label: t(`weekdaysShort.${d}`) }))}
              />
            </FieldRow>
          ) : null}
          {rec.freq === 'MONTHLY' ? (
            <FieldRow label={t('monthlyBy')}>
              <Radio.Group
                aria-label={t('monthlyBy')}
                value={rec.monthly.mode}
                onChange={(e) =>
                  set({
                    monthly:
                      e.target.value === 'day'
                        ? { mode: 'day', day: Number(entry.startDate.slice(8, 10)) }
                        : { mode: 'nth', nth: 1, weekday: weekdayOfDate(entry.startDate) },
                  })
                }
              >
                <Radio value="day">{t('monthDay')}</Radio>
                <Radio value="nth">{t('monthNth')}</Radio>
              </Radio.Group>
              <Flex gap={8} style={{ marginTop: 8 }}>
                {rec.monthly.mode === 'day' ? (
                  <InputNumber
                    aria-label={t('monthDay')}
                    min={1}
                    max={31}
                    precision={0}
                    value={rec.monthly.day}
                    onChange={(v) => set({ monthly: { mode: 'day', day: v ?? 1 } })}
                  />
                ) : (
                  <>
                    <Select
                      aria-label={t('nthWeek')}
                      value={rec.monthly.nth}
                      onChange={(nth) =>
                        rec.monthly.mode === 'nth' && set({ monthly: { ...rec.monthly, nth } })
                      }
                      options={NTH.map((n) => ({ value: n, label: t(`nth.${n}`) }))}
                      style={{ width: 120 }}
                    />
                    <Select
                      aria-label={t('nthWeekday')}
                      value={rec.monthly.weekday}
                      onChange={(weekday) =>
                        rec.monthly.mode === 'nth' && set({ monthly: { ...rec.monthly, weekday } })
                      }
                      options={WEEKDAY_CODES.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))}
                      style={{ width: 140 }}
                    />
                  </>
                )}
              </Flex>
            </FieldRow>
          ) : null}
          <FieldRow label={t('ends')}>
            <Radio.Group
              aria-label={t('ends')}
              value={rec.end.mode}
              onChange={(e) => {
                const mode = e.target.value as Recurrence['end']['mode'];
                set({
                  end:
                    mode === 'until'
                      ? {
                          mode,
                          date: entry.endDate ?? dayjs(entry.startDate).add(1, 'month').format('YYYY-MM-DD'),
                        }
                      : mode === 'count'
                        ? { mode, count: 10 }
                        : { mode },
                });
              }}
            >
              <Radio value="never">{t('endsNever')}</Radio>
              <Radio value="until">{t('endsOn')}</Radio>
              <Radio value="count">{t('endsAfter')}</Radio>
            </Radio.Group>
            {rec.end.mode === 'until' ? (
              <DatePicker
                aria-label={t('endsOn')}
                value={dayjs(rec.end.date)}
                allowClear={false}
                onChange={(d) => d && set({ end: { mode: 'until', date: d.format('YYYY-MM-DD') } })}
                style={{ display: 'block', marginTop: 8 }}
              />
            ) : null}
            {rec.end.mode === 'count' ? (
              <InputNumber
                aria-label={t('endsAfter')}
                min={1}
                max={9999}
                precision={0}
                value={rec.end.count}
                onChange={(v) => set({ end: { mode: 'count', count: v ?? 1 } })}
                addonAfter={t('times')}
                style={{ display: 'block', marginTop: 8 }}
              />
            ) : null}
          </FieldRow>
        </>
      ) : null}
      <FieldRow
        label={t('rawRrule')}
        htmlFor={`${id}-rrule`}
        state={{
          problems: state.problems,
          server: state.server,
        }}
        extra={
          rawProblem ? (
            <span role="alert" data-testid="plan-rrule-invalid">
              {t('rruleInvalid', { detail: rawProblem })}
            </span>
          ) : (
            t('rawRruleHint')
          )
        }
        testId="plan-rrule"
      >
        <Input
          id={`${id}-rrule`}
          value={raw}
          placeholder="FREQ=WEEKLY;BYDAY=MO,WE"
          status={rawProblem ? 'error' : undefined}
          onChange={(e) => {
            setRaw(e.target.value);
            onChange(e.target.value.trim() ? e.target.value.trim() : null, 'rrule');
          }}
          data-testid="plan-rrule-input"
        />
      </FieldRow>
    </fieldset>
  );
}
