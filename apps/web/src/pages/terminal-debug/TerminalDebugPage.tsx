import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getTerminalDetails } from '../../services/terminal';
import { idFromQuery } from '../terminal-info/terminal-info-logic';
import { TerminalPicker } from '../terminal-info/TerminalPicker';
import { CommandsTab } from './CommandsTab';
import { ErrorsTab } from './ErrorsTab';
import { LogTab } from './LogTab';
import { PingTab } from './PingTab';
import { ScreenWallTab } from './ScreenWallTab';

type TabKey = 'log' | 'errors' | 'ping' | 'commands' | 'wall';

/**
 * `terminal/debug`: one terminal's live log, last errors, ping and remote reload / clear cache, and
 * a screen wall of an institution's terminals whose tiles choose the terminal. `?id=N` opens that
 * terminal (other pages link here).
 */
export default function TerminalDebugPage() {
  const { t } = useTranslation('terminalDebug');
  const [params, setParams] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  const [tab, setTab] = useState<TabKey>(id === null ? 'wall' : 'log');
  const detail = useQuery({
    queryKey: ['terminalDebug', 'details', id],
    queryFn: ({ signal }) => getTerminalDetails(id!, signal),
    enabled: id !== null,
    retry: false,
  });
  const d = detail.data;
  const choose = (picked: { id: number }[], next: TabKey = tab === 'wall' ? 'log' : tab) => {
    const query = new URLSearchParams(params);
    if (picked[0]) query.set('id', String(picked[0].id));
    else query.delete('id');
    setParams(query);
    if (picked[0]) setTab(next);
  };

  const forTerminal = (render: (terminal: { id: number; name: string }) => ReactNode): ReactNode => {
    if (id === null) return <Empty description={t('choose')} />;
    if (detail.isLoading) return <Skeleton active />;
    if (!d || d.state !== 'claimed')
      return <Alert type="warning" showIcon role="alert" title={t('notFound')} />;
    return render(d);
  };

  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center">
          <label htmlFor="terminal-debug-picker">{t('picker')}</label>
          <TerminalPicker
            id="terminal-debug-picker"
            value={d ? [{ id: d.id, name: d.name }] : []}
            onChange={(picked) => choose(picked)}
            placeholder={t('pickerPlaceholder')}
            testId="terminal-debug-picker"
          />
        </Flex>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          destroyOnHidden
          items={[
            {
              key: 'log',
              label: t('tabs.log'),
              children: forTerminal((x) => <LogTab key={x.id} terminalId={x.id} terminalName={x.name} />),
            },
            {
              key: 'errors',
              label: t('tabs.errors'),
              children: forTerminal((x) => <ErrorsTab key={x.id} terminalId={x.id} />),
            },
            {
              key: 'ping',
              label: t('tabs.ping'),
              children: forTerminal((x) => <PingTab key={x.id} terminalId={x.id} />),
            },
            {
              key: 'commands',
              label: t('tabs.commands'),
              children: forTerminal((x) => <CommandsTab key={x.id} terminalId={x.id} />),
            },
            {
              key: 'wall',
              label: t('tabs.wall'),
              children: <ScreenWallTab onPick={(tile) => choose([tile], 'log')} />,
            },
          ]}
          data-testid="terminal-debug-tabs"
        />
      </Flex>
    </Card>
  );
}
