import type { Terminal } from '@apm/contract';
import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../components/admin/TableCells';
import { useRelativeTime } from '../../utils/use-relative-time';
import { playingNow, presenceOf, type GradedTerminal, type TerminalPresence } from './terminal-logic';

const PRESENCE_COLORS: Record<TerminalPresence, string> = {
  online: 'success',
  late: 'orange',
  offline: 'default',
  pending: 'warning',
};

/** Online / offline / waiting to be claimed, with when the terminal was last seen. */
export function PresenceTag({ terminal }: { terminal: GradedTerminal }) {
  const { t } = useTranslation('terminalMonitor');
  const fromNow = useRelativeTime();
  const presence = presenceOf(terminal);
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={PRESENCE_COLORS[presence]} data-testid="terminal-presence" data-presence={presence}>
        {t(`presence.${presence}`)}
      </Tag>
      {presence !== 'pending' ? (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12 }}
          title={terminal.lastSeenAt ? dayjs(terminal.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : undefined}
        >
          {terminal.lastSeenAt ? t('lastSeen', { time: fromNow(terminal.lastSeenAt) }) : t('neverSeen')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** What the terminal plays now, from its last heartbeat. */
export function PlayingNow({ terminal }: { terminal: Terminal }) {
  const { t } = useTranslation('terminalMonitor');
  const playing = playingNow(terminal.status);
  if (!playing) return <>—</>;
  if (playing.kind === 'idle') return <Typography.Text type="secondary">{t('playing.idle')}</Typography.Text>;
  return <CellText text={t(`playing.${playing.kind}`, { name: playing.label })} />;
}
