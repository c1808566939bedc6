import type { DebugPingResult } from '@apm/contract';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pingTerminal } from '../../services/terminal-debug';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { formatMs, PING_WINDOW, pingStats } from './debug-logic';

/** One ping as the table shows it. */
interface PingRow extends DebugPingResult {
  key: number;
  at: Date;
}

/** Pings a terminal over its channel: each round trip, and min/avg/max of the last ones. */
export function PingTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('terminalDebug');
  const [rows, setRows] = useState<PingRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const ping = async (times: number) => {
    setBusy(true);
    setFailure(null);
    try {
      for (let i = 0; i < times; i++) {
        const result = await pingTerminal(terminalId);
        setRows((kept) => [...kept, { ...result, key: kept.length, at: new Date() }].slice(-50));
        if (!result.answered) break;
      }
    } catch (err) {
      setFailure(terminalErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  const stats = pingStats(rows);
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <Button type="primary" onClick={() => void ping(1)} loading={busy} data-testid="terminal-debug-ping">
          {t('ping.send')}
        </Button>
        <Button onClick={() => void ping(5)} disabled={busy}>
          {t('ping.sendFive')}
        </Button>
        {stats && (
          <Typography.Text data-testid="terminal-debug-ping-stats">
            {t('ping.stats', {
              count: stats.count,
              min: formatMs(stats.min),
              avg: formatMs(stats.avg),
              max: formatMs(stats.max),
            })}
          </Typography.Text>
        )}
      </Flex>
      {failure && <Alert type="error" showIcon role="alert" title={t('failed', { message: failure })} />}
      <Table<PingRow>
        size="small"
        pagination={false}
        dataSource={[...rows].reverse().slice(0, PING_WINDOW * 2)}
        locale={{ emptyText: t('ping.none') }}
        columns={[
          { key: 'at', title: t('ping.time'), width: 190, render: (_, r) => dayjs(r.at).format('HH:mm:ss') },
          {
            key: 'result',
            title: t('ping.result'),
            render: (_, r) =>
              r.rttMs !== null ? (
                <span data-testid="terminal-debug-ping-rtt">{t('ping.rtt', { ms: formatMs(r.rttMs) })}</span>
              ) : (
                <span data-testid="terminal-debug-ping-none">{t(`noAnswer.${r.reason ?? 'timeout'}`)}</span>
              ),
          },
        ]}
        data-testid="terminal-debug-pings"
      />
    </Flex>
  );
}
