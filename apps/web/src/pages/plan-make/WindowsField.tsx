import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PlanWindow } from '@apm/contract';
import { Button, Flex, Tag, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { fieldStatus, type FieldState } from './FieldNote';
import { crossesMidnight } from './state/window-time';

/** Props of {@link WindowsField}. */
export interface WindowsFieldProps {
  entryId: string;
  windows: readonly PlanWindow[];
  onChange(windows: PlanWindow[]): void;
  state: FieldState;
}

const asTime = (time: string): Dayjs => dayjs(`2000-01-01T${time === '24:00' ? '00:00' : time}`);

/**
 * The time-of-day windows of an entry (none: all day). An end at or before the start is on the next
 * day, marked "next day"; an end of midnight is written 24:00 when it closes the same day.
 */
export function WindowsField({ entryId, windows, onChange, state }: WindowsFieldProps) {
  const { t } = useTranslation('planMake');
  const set = (index: number, patch: Partial<PlanWindow>) =>
    onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  const status = fieldStatus(state);
  return (
    <fieldset className="apm-plan-fieldset" data-testid="plan-windows">
      <legend>{t('windows')}</legend>
      {windows.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('allDayHint')}</Typography.Paragraph>
      ) : null}
      {windows.map((w, i) => (
        <Flex key={i} gap={8} align="center" wrap style={{ marginBottom: 8 }} data-testid="plan-window">
          <TimePicker
            id={`plan-entry-${entryId}-window-${i}-start`}
            aria-label={t('windowStart', { number: i + 1 })}
            format="HH:mm"
            minuteStep={5}
            allowClear={false}
            needConfirm={false}
            value={asTime(w.start)}
            status={status}
            onChange={(d) => d && set(i, { start: d.format('HH:mm') })}
            data-testid="plan-window-start"
          />
          <span aria-hidden>–</span>
          <TimePicker
            id={`plan-entry-${entryId}-window-${i}-end`}
            aria-label={t('windowEnd', { number: i + 1 })}
            format="HH:mm"
            minuteStep={5}
            allowClear={false}
            needConfirm={false}
            value={asTime(w.end)}
            status={status}
            onChange={(d) => {
              if (!d) return;
              const end = d.format('HH:mm');
              // Midnight after a start closes the same day.
              set(i, { end: end === '00:00' && w.start !== '00:00' ? '24:00' : end });
            }}
            data-testid="plan-window-end"
          />
          <span className="apm-plan-window-text" data-testid="plan-window-text">
            {w.start}–{w.end}
          </span>
          {crossesMidnight(w) ? <Tag color="purple">{t('nextDay')}</Tag> : null}
          <IconButton
            size="small"
            title={t('removeWindow', { number: i + 1 })}
            icon={<DeleteOutlined />}
            onClick={() => onChange(windows.filter((_, j) => j !== i))}
          />
        </Flex>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={() => onChange([...windows, nextWindow(windows)])}
        disabled={windows.length >= 24}
        data-testid="plan-window-add"
      >
        {t('addWindow')}
      </Button>
    </fieldset>
  );
}

/** A new window: an hour after the last one ends, or 08:00–12:00 for the first. */
function nextWindow(windows: readonly PlanWindow[]): PlanWindow {
  const last = windows[windows.length - 1];
  if (!last) return { start: '08:00', end: '12:00' };
  const start = last.end === '24:00' ? '00:00' : last.end;
  const end = asTime(start).add(1, 'hour').format('HH:mm');
  return { start, end: end === '00:00' ? '24:00' : end };
}
