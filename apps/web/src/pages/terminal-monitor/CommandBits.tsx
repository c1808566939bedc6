import type { CommandDeliveryState } from '@apm/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATE_COLORS: Record<CommandDeliveryState, string> = {
  queued: 'default',
  sent: 'processing',
  acked: 'success',
  failed: 'error',
  expired: 'warning',
};

/** A command's delivery state as a coloured tag. */
export function DeliveryStateTag({ state }: { state: CommandDeliveryState }) {
  const { t } = useTranslation('terminalMonitor');
  return (
    <Tag color={STATE_COLORS[state]} data-testid="terminal-delivery-state" data-state={state}>
      {t(`states.${state}`)}
    </Tag>
  );
}
