import type { AlarmHandling, AlarmSeverity } from '@apm/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const SEVERITY_COLOUR: Record<AlarmSeverity, string> = { critical: 'red', warning: 'orange', info: 'blue' };
const HANDLING_COLOUR: Record<AlarmHandling, string> = {
  new: 'volcano',
  acknowledged: 'gold',
  resolved: 'green',
};

/** An alarm's severity as a coloured tag. */
export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const { t } = useTranslation('alarms');
  return <Tag color={SEVERITY_COLOUR[severity]}>{t(`severities.${severity}`)}</Tag>;
}

/** Where an alarm stands in its handling, as a coloured tag. */
export function HandlingTag({ handling }: { handling: AlarmHandling }) {
  const { t } = useTranslation('alarms');
  return (
    <Tag color={HANDLING_COLOUR[handling]} data-testid="alarm-handling">
      {t(`handlings.${handling}`)}
    </Tag>
  );
}
