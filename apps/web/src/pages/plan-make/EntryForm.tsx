import { DeleteOutlined } from '@ant-design/icons';
import {
  PLAN_ENTRY_KINDS,
  PLAN_PRIORITY_MAX,
  PLAN_PRIORITY_MIN,
  WEEKDAY_CODES,
  type PlanEntry,
  type WeekdayCode,
} from '@apm/contract';
import { Checkbox, DatePicker, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { FieldRow, fieldStatus, type FieldState } from './FieldNote';
import { problemsOf, type EditorProblem, type FieldErrors } from './plan-problems';
import { ProgramSelect } from './ProgramSelect';
import { RecurrenceField } from './RecurrenceField';
import type { EntryPatch } from './state/entry-ops';
import { WindowsField } from './WindowsField';

/** Props of {@link EntryForm}. */
export interface EntryFormProps {
  entry: PlanEntry;
  problems: readonly EditorProblem[];
  fieldErrors: FieldErrors;
  nameOf(id: number): string;
  onChange(patch: EntryPatch, mergeKey?: string): void;
}

const DATE = 'YYYY-MM-DD';

/** The form of one entry: kind, priority, programs, dates, days, recurrence, windows, interrupt rate. */
export function EntryForm({ entry, problems, fieldErrors, nameOf, onChange }: EntryFormProps) {
  const { t } = useTranslation('planMake');
  const id = `plan-entry-${entry.id}`;
  const state = (field: string): FieldState => ({
    problems: problemsOf(problems, entry.id, field),
    server: fieldErrors[entry.id]?.[field],
  });
  const setItem = (index: number, patch: Partial<PlanEntry['items'][number]>) =>
    onChange({ items: entry.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });

  return (
    <Form layout="vertical" component="div" data-testid="plan-entry-form" className="apm-plan-form">
      <FieldRow label={t('entryName')} htmlFor={`${id}-name`}>
        <Input
          id={`${id}-name`}
          value={entry.name}
          maxLength={100}
          placeholder={t('entryNameHint')}
          onChange={(e) => onChange({ name: e.target.value }, 'name')}
          data-testid="plan-entry-name"
        />
      </FieldRow>
      <Flex gap={16} wrap>
        <FieldRow label={t('kind')} state={state('kind')}>
          <Radio.Group
            aria-label={t('kind')}
            optionType="button"
            value={entry.kind}
            onChange={(e) => onChange({ kind: e.target.value as PlanEntry['kind'] })}
            options={PLAN_ENTRY_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            data-testid="plan-entry-kind"
          />
        </FieldRow>
        <FieldRow label={t('priority')} htmlFor={`${id}-priority`} state={state('priority')}>
          <InputNumber
            id={`${id}-priority`}
            min={PLAN_PRIORITY_MIN}
            max={PLAN_PRIORITY_MAX}
            precision={0}
            value={entry.priority}
            onChange={(v) => v !== null && onChange({ priority: v }, 'priority')}
            data-testid="plan-entry-priority"
          />
        </FieldRow>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t(`kindHints.${entry.kind}`)}
      </Typography.Paragraph>

      <fieldset className="apm-plan-fieldset" data-testid="plan-items">
        <legend>{t('programs')}</legend>
        {entry.items.map((item, i) => (
          <Flex key={i} gap={8} align="center" style={{ marginBottom: 8 }} data-testid="plan-item">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ProgramSelect
                label={t('programNumber', { number: i + 1 })}
                value={item.programId}
                valueName={nameOf(item.programId)}
                onChange={(programId) => programId && setItem(i, { programId })}
                status={fieldStatus(state('items'))}
                testId="plan-item-program"
              />
            </div>
            <InputNumber
              aria-label={t('itemDuration', { number: i + 1 })}
              min={1}
              max={86_400}
              precision={0}
              value={item.durationSec ?? null}
              placeholder={t('oneCycle')}
              onChange={(v) => setItem(i, { durationSec: v ?? null })}
              suffix={t('seconds')}
              style={{ width: 140 }}
              data-testid="plan-item-duration"
            />
            <IconButton
              size="small"
              title={t('removeProgram', { number: i + 1 })}
              icon={<DeleteOutlined />}
              onClick={() => onChange({ items: entry.items.filter((_, j) => j !== i) })}
            />
          </Flex>
        ))}
        <FieldRow label={t('addProgram')} state={state('items')} testId="plan-items-add">
          <ProgramSelect
            label={t('addProgram')}
            value={null}
            onChange={(programId) => programId && onChange({ items: [...entry.items, { programId }] })}
            testId="plan-item-add"
          />
        </FieldRow>
        {entry.items.length > 1 ? (
          <Typography.Text type="secondary">{t('sequenceHint')}</Typography.Text>
        ) : null}
      </fieldset>

      <Flex gap={16} wrap>
        <FieldRow label={t('startDate')} htmlFor={`${id}-start`} state={state('startDate')}>
          <DatePicker
            id={`${id}-start`}
            value={dayjs(entry.startDate)}
            allowClear={false}
            onChange={(d) => d && onChange({ startDate: d.format(DATE) })}
            data-testid="plan-entry-start"
          />
        </FieldRow>
        <FieldRow label={t('endDate')} htmlFor={`${id}-end`} state={state('endDate')}>
          <DatePicker
            id={`${id}-end`}
            value={entry.endDate ? dayjs(entry.endDate) : null}
            placeholder={t('noEnd')}
            onChange={(d) => onChange({ endDate: d ? d.format(DATE) : null })}
            data-testid="plan-entry-end"
          />
        </FieldRow>
      </Flex>
      <FieldRow label={t('weekdaysLabel')} state={state('weekdays')} extra={t('weekdaysHint')}>
        <Checkbox.Group
          aria-label={t('weekdaysLabel')}
          value={entry.weekdays}
          onChange={(days) => onChange({ weekdays: days as WeekdayCode[] })}
          options={WEEKDAY_CODES.map((d) => ({ value: d, label: t(`weekdaysShort.${d}`) }))}
          data-testid="plan-entry-weekdays"
        />
      </FieldRow>
      <RecurrenceField
        entry={entry}
        state={state('rrule')}
        onChange={(rrule, mergeKey) => onChange({ rrule }, mergeKey)}
      />
      <Flex gap={16} wrap>
        {(['exdates', 'rdates'] as const).map((field) => (
          <FieldRow
            key={field}
            label={t(field)}
            htmlFor={`${id}-${field}`}
            state={state(field)}
            extra={t(`${field}Hint`)}
          >
            <DatePicker
              id={`${id}-${field}`}
              multiple
              maxTagCount="responsive"
              value={entry[field].map((d) => dayjs(d))}
              onChange={(dates: dayjs.Dayjs[] | null) =>
                onChange({ [field]: [...new Set((dates ?? []).map((d) => d.format(DATE)))].sort() })
              }
              style={{ minWidth: 220 }}
              data-testid={`plan-entry-${field}`}
            />
          </FieldRow>
        ))}
      </Flex>
      <WindowsField
        entryId={entry.id}
        windows={entry.windows}
        state={state('windows')}
        onChange={(windows) => onChange({ windows })}
      />
      {entry.kind === 'interrupt' ? (
        <fieldset className="apm-plan-fieldset" data-testid="plan-interrupt-rate">
          <legend>{t('interruptRate')}</legend>
          <FieldRow label={t('rateMode')} state={state('everyMinutes')}>
            <Radio.Group
              aria-label={t('rateMode')}
              value={entry.everyMinutes ? 'every' : 'perHour'}
              onChange={(e) =>
                onChange(
                  e.target.value === 'every'
                    ? { everyMinutes: entry.perHour ? Math.round(60 / entry.perHour) : 10, perHour: null }
                    : {
                        perHour: entry.everyMinutes ? Math.max(1, Math.round(60 / entry.everyMinutes)) : 6,
                        everyMinutes: null,
                      },
                )
              }
            >
              <Radio value="every">{t('everyMinutes')}</Radio>
              <Radio value="perHour">{t('perHour')}</Radio>
            </Radio.Group>
          </FieldRow>
          <InputNumber
            aria-label={entry.everyMinutes ? t('everyMinutes') : t('perHour')}
            min={1}
            max={entry.everyMinutes ? 1440 : 60}
            precision={0}
            value={entry.everyMinutes ?? entry.perHour}
            onChange={(v) => v && onChange(entry.everyMinutes ? { everyMinutes: v } : { perHour: v }, 'rate')}
            suffix={entry.everyMinutes ? t('minutes') : t('timesPerHour')}
            style={{ width: 180 }}
            data-testid="plan-interrupt-value"
          />
        </fieldset>
      ) : null}
    </Form>
  );
}
