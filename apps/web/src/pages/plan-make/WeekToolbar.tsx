import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { WEEKDAY_CODES, type WeekdayCode } from '@apm/contract';
import { Button, Checkbox, Flex, Modal, Segmented, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { addDays } from './state/week-layout';
import { SNAP_STEPS, type SnapStep } from './state/window-time';

/** Props of {@link WeekToolbar}. */
export interface WeekToolbarProps {
  monday: string;
  onMonday(monday: string): void;
  onToday(): void;
  timeZone: string;
  onTimeZone(zone: string): void;
  /** The zone is a terminal's: shown, not chosen. */
  zoneLocked?: boolean;
  step: SnapStep;
  onStep(step: SnapStep): void;
  onCopyDay(from: WeekdayCode, to: WeekdayCode[]): void;
}

/** Zones the picker offers: the runtime's IANA list, with the browser's own first. */
function zoneOptions(own: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [own, ...zones.filter((z) => z !== own)].map((z) => ({ value: z, label: z }));
}

/** The week grid's controls: previous/next week, today, time zone, snap step, copy a day. */
export function WeekToolbar(props: WeekToolbarProps) {
  const { t } = useTranslation('planMake');
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = useMemo(() => zoneOptions(own), [own]);
  const [copying, setCopying] = useState(false);
  const [from, setFrom] = useState<WeekdayCode>('MO');
  const [to, setTo] = useState<WeekdayCode[]>([]);
  return (
    <Flex gap={8} align="center" wrap className="apm-plan-week-toolbar">
      <IconButton
        title={t('previousWeek')}
        icon={<LeftOutlined />}
        onClick={() => props.onMonday(addDays(props.monday, -7))}
        testId="plan-week-previous"
      />
      <Button onClick={props.onToday} data-testid="plan-week-today">
        {t('today')}
      </Button>
      <IconButton
        title={t('nextWeek')}
        icon={<RightOutlined />}
        onClick={() => props.onMonday(addDays(props.monday, 7))}
        testId="plan-week-next"
      />
      <Typography.Text strong data-testid="plan-week-range">
        {t('weekOf', { start: props.monday, end: addDays(props.monday, 6) })}
      </Typography.Text>
      <Select
        aria-label={t('timeZone')}
        showSearch
        value={props.timeZone}
        onChange={props.onTimeZone}
        disabled={props.zoneLocked}
        options={zones}
        style={{ width: 200 }}
        data-testid="plan-time-zone"
      />
      <Segmented<SnapStep>
        aria-label={t('snap')}
        value={props.step}
        onChange={props.onStep}
        options={SNAP_STEPS.map((s) => ({ value: s, label: t('snapMinutes', { minutes: s }) }))}
      />
      <Button onClick={() => setCopying(true)} data-testid="plan-copy-day">
        {t('copyDay')}
      </Button>
      <Modal
        open={copying}
        title={t('copyDayTitle')}
        okText={t('copyDayOk')}
        okButtonProps={{ disabled: to.length === 0, ...({ 'data-testid': 'plan-copy-day-ok' } as object) }}
        onOk={() => {
          props.onCopyDay(from, to);
          setCopying(false);
          setTo([]);
        }}
        onCancel={() => setCopying(false)}
      >
        <Typography.Paragraph type="secondary">{t('copyDayHint')}</Typography.Paragraph>
        <Flex vertical gap={12}>
          <label>
            {t('copyFrom')}{' '}
            <Select
              aria-label={t('copyFrom')}
              value={from}
              onChange={setFrom}
              options={WEEKDAY_CODES.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))}
              style={{ width: 160 }}
            />
          </label>
          <Checkbox.Group
            aria-label={t('copyTo')}
            value={to}
            onChange={(days) => setTo(days as WeekdayCode[])}
            options={WEEKDAY_CODES.filter((d) => d !== from).map((d) => ({
              value: d,
              label: t(`weekdays.${d}`),
            }))}
          />
        </Flex>
      </Modal>
    </Flex>
  );
}
