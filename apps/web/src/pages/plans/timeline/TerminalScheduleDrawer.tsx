import { Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TerminalSchedule } from './TerminalSchedule';

/** Props of {@link TerminalScheduleDrawer}. */
export interface TerminalScheduleDrawerProps {
  terminal: { id: number; name: string };
  onClose(): void;
}

/** A drawer with a terminal's schedule: what plays now and over the next 7 days, in its time zone. */
export function TerminalScheduleDrawer({ terminal, onClose }: TerminalScheduleDrawerProps) {
  const { t } = useTranslation('planTimeline');
  return (
    <Drawer
      open
      size={640}
      title={t('scheduleTitle', { name: terminal.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="terminal-schedule-drawer"
    >
      <Typography.Paragraph type="secondary">{t('nextDays')}</Typography.Paragraph>
      <TerminalSchedule terminalId={terminal.id} />
    </Drawer>
  );
}
