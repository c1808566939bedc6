import type { DebugCommandSent } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { listCommands } from '../../services/terminal';
import { clearTerminalCache, reloadTerminal } from '../../services/terminal-debug';
import { DeliveryStateTag } from '../terminal-monitor/CommandBits';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';

type Action = 'reload' | 'clearCache';
const SEND: Record<Action, (terminalId: number) => Promise<DebugCommandSent>> = {
  reload: reloadTerminal,
  clearCache: clearTerminalCache,
};
const DONE = new Set(['acked', 'failed', 'expired']);

/** Reload and clear cache, each behind a confirmation, with the delivery state until the terminal answers. */
export function CommandsTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('terminalDebug');
  const { message } = App.useApp();
  const { can } = useAccess();
  const allowed = can('terminal:debug:command');
  const [sent, setSent] = useState<Partial<Record<Action, number>>>({});
  const ids = Object.values(sent);
  const deliveries = useQuery({
    queryKey: ['terminalDebug', 'commands', terminalId, ids],
    queryFn: ({ signal }) => listCommands({ terminalId, pageNo: 1, pageSize: 20 }, signal),
    enabled: ids.length > 0,
    refetchInterval: (q) => {
      const list = q.state.data?.list ?? [];
      const open = ids.some((id) => !DONE.has(list.find((c) => c.id === id)?.state ?? 'queued'));
      return open ? 1000 : false;
    },
  });

  const send = async (action: Action) => {
    try {
      const { commandId } = await SEND[action](terminalId);
      setSent((s) => ({ ...s, [action]: commandId }));
      void message.info(t('commands.sent'));
    } catch (err) {
      void message.error(t('failed', { message: terminalErrorText(err) }));
    }
  };

  const card = (action: Action, hint: string, confirm: string) => {
    const delivery = deliveries.data?.list.find((c) => c.id === sent[action]);
    return (
      <Card size="small" title={t(`commands.${action}`)} style={{ flex: 1, minWidth: 280 }}>
        <Flex vertical gap={8} align="start">
          <Typography.Text>{hint}</Typography.Text>
          <Popconfirm
            title={confirm}
            okText={t('commands.confirm')}
            cancelText={t('commands.cancel')}
            onConfirm={() => send(action)}
            disabled={!allowed}
          >
            <Button danger disabled={!allowed} data-testid={`terminal-debug-${action}`}>
              {t(`commands.${action}`)}
            </Button>
          </Popconfirm>
          {delivery && (
            <Flex gap={8} align="center" data-testid={`terminal-debug-${action}-delivery`}>
              <span>{t('commands.state')}</span>
              <DeliveryStateTag state={delivery.state} />
              {delivery.error && <Typography.Text>{delivery.error}</Typography.Text>}
            </Flex>
          )}
        </Flex>
      </Card>
    );
  };
  return (
    <Flex vertical gap={12}>
      {!allowed && <Alert type="info" showIcon title={t('commands.noPermission')} />}
      <Flex gap={12} wrap>
        {card('reload', t('commands.reloadHint'), t('commands.reloadConfirm'))}
        {card('clearCache', t('commands.clearCacheHint'), t('commands.clearCacheConfirm'))}
      </Flex>
    </Flex>
  );
}
