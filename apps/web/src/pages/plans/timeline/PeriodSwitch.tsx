import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** Lengths a timeline can show, in days: a day, a week, a month (the API answers at most 31 days). */
export const PERIOD_DAYS = { day: 1, week: 7, month: 31 } as const;
export type Period = keyof typeof PERIOD_DAYS;

/** Props of {@link PeriodSwitch}. */
export interface PeriodSwitchProps {
  value: Period;
  onChange(period: Period): void;
}

/** Day / week / month choice of a timeline's length. */
export function PeriodSwitch({ value, onChange }: PeriodSwitchProps) {
  const { t } = useTranslation('planTimeline');
  return (
    <Segmented
      aria-label={t('period')}
      value={value}
      onChange={(v) => onChange(v as Period)}
      options={(Object.keys(PERIOD_DAYS) as Period[]).map((p) => ({ value: p, label: t(`periods.${p}`) }))}
      data-testid="timeline-period"
    />
  );
}
