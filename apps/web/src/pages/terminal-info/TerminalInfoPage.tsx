import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getTerminalDetails } from '../../services/terminal';
import { TerminalMessagesTab } from '../messages/TerminalMessagesTab';
import { TerminalSchedule } from '../plans/timeline/TerminalSchedule';
import { LIVE_REFRESH_SECONDS } from '../terminal-monitor/terminal-logic';
import { HistoryTab } from './HistoryTab';
import { ProgramsTab } from './ProgramsTab';
import { StatusTab } from './StatusTab';
import { idFromQuery } from './terminal-info-logic';
import { TerminalPicker } from './TerminalPicker';

/**
 * `terminal/info`: one terminal — everything it reports, graded; what it plays now and next (the plan
 * resolver's timeline); its programs and their play order; its messages; its history. `?id=N` opens
 * that terminal (the terminal map and the alarm centre link here).
 */
export default function TerminalInfoPage() {
  const { t } = useTranslation('terminalInfo');
  const { t: tm } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  const detail = useQuery({
    queryKey: ['terminalInfo', 'details', id],
    queryFn: ({ signal }) => getTerminalDetails(id!, signal),
    enabled: id !== null,
    refetchInterval: LIVE_REFRESH_SECONDS * 1000,
    retry: false,
  });
  const d = detail.data;
  const choose = (picked: { id: number }[]) => {
    const next = new URLSearchParams(params);
    if (picked[0]) next.set('id', String(picked[0].id));
    else next.delete('id');
    setParams(next);
  };
  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center">
          <label htmlFor="terminal-info-picker">{t('picker')}</label>
          <TerminalPicker
            id="terminal-info-picker"
            value={d ? [{ id: d.id, name: d.name }] : []}
            onChange={choose}
            placeholder={t('pickerPlaceholder')}
            testId="terminal-info-picker"
          />
        </Flex>
        {id === null ? (
          <Empty description={t('choose')} />
        ) : detail.isLoading ? (
          <Skeleton active />
        ) : !d ? (
          <Alert type="warning" showIcon title={t('notFound')} role="alert" />
        ) : (
          <Tabs
            destroyOnHidden
            items={[
              { key: 'status', label: t('tabs.status'), children: <StatusTab terminal={d} /> },
              {
                key: 'schedule',
                label: t('tabs.schedule'),
                children: <TerminalSchedule terminalId={d.id} period="day" />,
              },
              { key: 'programs', label: t('tabs.programs'), children: <ProgramsTab terminalId={d.id} /> },
              ...(d.state === 'claimed'
                ? [
                    {
                      key: 'messages',
                      label: tm('terminal.tab'),
                      children: <TerminalMessagesTab terminalId={d.id} />,
                    },
                  ]
                : []),
              { key: 'history', label: t('tabs.history'), children: <HistoryTab terminalId={d.id} /> },
            ]}
            data-testid="terminal-info-tabs"
          />
        )}
      </Flex>
    </Card>
  );
}
