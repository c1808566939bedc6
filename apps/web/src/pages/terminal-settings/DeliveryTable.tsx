import { Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingCommand, TerminalSettingsState } from '../../services/terminal-info';
import { pushStateOf, unsupportedOf, type PushState } from './settings-logic';

const COLORS: Record<PushState, string> = {
  none: 'default',
  pending: 'processing',
  applied: 'success',
  failed: 'error',
};
const COMMANDS: SettingCommand[] = ['volume', 'powerSchedule', 'displaySettings'];

/** Each chosen terminal's kept settings and how the last push of each kind went: pending, applied (with what it cannot), failed. */
export function DeliveryTable({ rows, loading }: { rows: TerminalSettingsState[]; loading: boolean }) {
  const { t } = useTranslation('terminalSettings');
  const { t: tm } = useTranslation('terminalMonitor');
  const keyName = (k: string) => t(`keys.${k}` as 'keys.volume', { defaultValue: k }) as string;
  const kept = (settings: Record<string, unknown>) =>
    Object.entries(settings)
      .map(([k, v]) => `${keyName(k)}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      .join('; ');
  return (
    <Table<TerminalSettingsState>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={rows}
      data-testid="terminal-settings-deliveries"
      onRow={(row) => ({ 'data-terminal-id': row.id }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('state.terminal'), dataIndex: 'name' },
        {
          key: 'online',
          title: t('state.online'),
          render: (_, r) => (
            <Tag color={r.online ? 'success' : 'default'}>
              {r.online ? t('state.online') : t('state.offline')}
            </Tag>
          ),
        },
        ...COMMANDS.map((command) => ({
          key: command,
          title: t(`state.${command}`),
          render: (_: unknown, r: TerminalSettingsState) => {
            const d = r.deliveries[command];
            const state = pushStateOf(d);
            if (state === 'none') return t('state.notSent');
            const cannot = unsupportedOf(d);
            const label =
              state === 'pending'
                ? t('state.pending')
                : state === 'applied'
                  ? t('state.applied')
                  : tm(`states.${d!.state}`);
            return (
              <Flex vertical gap={2}>
                <Tooltip title={d!.error ?? undefined}>
                  <Tag
                    color={COLORS[state]}
                    data-testid={`terminal-settings-${command}-state`}
                    data-state={state}
                  >
                    {label}
                  </Tag>
                </Tooltip>
                {cannot.length ? (
                  <Typography.Text type="warning" style={{ fontSize: 12 }}>
                    {t('state.cannot', { keys: cannot.map(keyName).join(', ') })}
                  </Typography.Text>
                ) : null}
                {d!.error ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {d!.error}
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          },
        })),
        {
          key: 'kept',
          title: t('state.kept'),
          render: (_, r) => (
            <Typography.Text style={{ fontSize: 12 }} ellipsis={{ tooltip: true }}>
              {kept(r.settings) || '—'}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}
