import { RadarChartOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getScannedTerminal, scanNearbyTerminals, type ScannedTerminal } from '../../services/terminal';
import { terminalErrorText } from './terminal-errors';

/** Props of {@link NearbyTerminals}. */
export interface NearbyTerminalsProps {
  /** Called with the pairing code (and the terminal's own name) of the terminal the operator picks. */
  onPick(found: { pairingCode: string; name: string }): void;
}

/**
 * "Scan nearby" of the add-terminal dialog (auto scan): lists the terminals waiting to be claimed that registered
 * from the operator's own network today, so a screen in the same shop is picked without reading its code.
 */
export function NearbyTerminals({ onPick }: NearbyTerminalsProps) {
  const { t } = useTranslation('terminalMonitor');
  const [found, setFound] = useState<ScannedTerminal[] | null>(null);
  const [scanning, setScanning] = useState(false);
  const [picking, setPicking] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const scan = async () => {
    setScanning(true);
    setError(null);
    try {
      setFound(await scanNearbyTerminals());
    } catch (failure) {
      setError(terminalErrorText(failure));
    } finally {
      setScanning(false);
    }
  };

  const pick = async (terminal: ScannedTerminal) => {
    setPicking(terminal.id);
    setError(null);
    try {
      const info = await getScannedTerminal(terminal.id);
      if (info.pairingCode) onPick({ pairingCode: info.pairingCode, name: info.name });
    } catch (failure) {
      // Claimed meanwhile, or gone: the list is out of date.
      setError(terminalErrorText(failure));
      setFound((list) => list?.filter((x) => x.id !== terminal.id) ?? null);
    } finally {
      setPicking(null);
    }
  };

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="terminal-scan">
      <Flex align="center" gap={8}>
        <Button
          icon={<RadarChartOutlined />}
          loading={scanning}
          onClick={scan}
          data-testid="terminal-scan-start"
        >
          {t('scan.start')}
        </Button>
        <Typography.Text type="secondary">{t('scan.hint')}</Typography.Text>
      </Flex>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      {found ? (
        <Table<ScannedTerminal>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={found}
          scroll={{ y: 200 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scan.empty')} /> }}
          columns={[
            {
              title: t('scan.terminal'),
              key: 'terminal',
              render: (_, x) => (
                <Flex vertical>
                  <span>
                    {x.name} {x.online ? <Tag color="green">{t('presence.online')}</Tag> : null}
                  </span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {[x.deviceId, x.platform, x.resolution].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('scan.registeredAt'),
              dataIndex: 'registeredAt',
              width: 150,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              key: 'pick',
              width: 90,
              render: (_, x) => (
                <Button
                  type="link"
                  size="small"
                  loading={picking === x.id}
                  onClick={() => pick(x)}
                  data-testid="terminal-scan-pick"
                >
                  {t('scan.pick')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
