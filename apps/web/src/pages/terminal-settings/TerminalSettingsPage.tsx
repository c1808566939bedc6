import type { TerminalGroupNode } from '@apm/contract';
import type { TerminalOfficeNode } from '../../services/terminal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Empty, Flex, Switch, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../access/use-access';
import type { OfficeTreeItem } from '../terminal-monitor/terminal-logic';
import { getSettingKey, saveSetting } from '../../services/settings';
import { getGroupTree, listTerminals } from '../../services/terminal';
import { getSettingsStates } from '../../services/terminal-info';
import { TerminalPicker, type PickedTerminal } from '../terminal-info/TerminalPicker';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { useTerminalOfficeTree } from '../terminal-monitor/use-terminal-office-tree';
import { DeliveryTable } from './DeliveryTable';
import { anyPending } from './settings-logic';
import { SettingsForm } from './SettingsForm';
import { VolumeSection } from './VolumeSection';

/** Most terminals the page handles at once (one `settingsState` call). */
const MAX_TERMINALS = 200;
const POLL_PENDING_MS = 2000;
const POLL_IDLE_MS = 15_000;

type Option = { value: number; title: string; isLeaf?: boolean; children?: Option[] };
const groupOptions = (nodes: TerminalGroupNode[]): Option[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, children: groupOptions(g.children) }));
const officeOptions = (items: OfficeTreeItem<TerminalOfficeNode>[]): Option[] =>
  items.map((i) => ({
    value: i.node.id,
    title: i.node.name,
    isLeaf: i.isLeaf,
    children: i.children ? officeOptions(i.children) : undefined,
  }));

/**
 * `terminal/settings`: chosen terminals (searched, or an institution's) and their settings — name,
 * time zone, power schedule, volume, brightness, rotation, download window, screenshot interval —
 * each pushed and shown pending per terminal until it confirms; the heartbeat interval and the
 * authorization-free switch; one terminal's volume messages.
 */
export default function TerminalSettingsPage() {
  const { t } = useTranslation('terminalSettings');
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const offices = useTerminalOfficeTree();
  const [chosen, setChosen] = useState<PickedTerminal[]>([]);
  const [sends, setSends] = useState(0);
  /** The institution last added: its groups can be added next. */
  const [officeId, setOfficeId] = useState<number | undefined>();
  const groups = useQuery({
    queryKey: ['terminalSettings', 'groups', officeId],
    queryFn: ({ signal }) => getGroupTree(officeId!, signal),
    enabled: officeId !== undefined,
  });
  const ids = chosen.map((x) => x.id);
  const states = useQuery({
    queryKey: ['terminalSettings', 'state', ids],
    queryFn: ({ signal }) => getSettingsStates(ids, signal),
    enabled: ids.length > 0,
    refetchInterval: (q) =>
      q.state.data && anyPending(q.state.data.terminals) ? POLL_PENDING_MS : POLL_IDLE_MS,
  });
  const authFree = useQuery({
    queryKey: ['terminalSettings', 'authFree'],
    queryFn: () => getSettingKey('terminalAuthFree'),
  });

  const addTerminals = async (filter: { officeId?: number; groupId?: number }) => {
    const page = await listTerminals({ pageNo: 1, pageSize: MAX_TERMINALS, ...filter });
    const more = page.list.filter((x) => x.state === 'claimed' && !ids.includes(x.id));
    setChosen([...chosen, ...more.map((x) => ({ id: x.id, name: x.name }))].slice(0, MAX_TERMINALS));
  };
  const toggleAuthFree = async (on: boolean) => {
    try {
      await saveSetting('terminalAuthFree', on);
      void message.success(t('authFree.saved'));
      await queryClient.invalidateQueries({ queryKey: ['terminalSettings', 'authFree'] });
    } catch (err) {
      void message.error(t('failed', { message: terminalErrorText(err) }));
    }
  };
  const sent = () => {
    setSends((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: ['terminalSettings'] });
  };
  const data = states.data;
  const authOn = authFree.data === true;

  return (
    <Card title={t('title')}>
      <Flex vertical gap={16}>
        <Flex gap={8} align="center" wrap>
          <label htmlFor="terminal-settings-picker">{t('terminals')}</label>
          <TerminalPicker
            id="terminal-settings-picker"
            multiple
            value={chosen}
            onChange={(v) => setChosen(v.slice(0, MAX_TERMINALS))}
            placeholder={t('pickerPlaceholder')}
            testId="terminal-settings-picker"
            style={{ flex: 1 }}
          />
          <TreeSelect<number>
            aria-label={t('addOffice')}
            style={{ minWidth: 240 }}
            placeholder={t('addOffice')}
            value={undefined}
            treeData={officeOptions(offices.items)}
            loadData={(node) => offices.loadChildren(Number(node.value))}
            onChange={(id) => {
              if (!id) return;
              setOfficeId(id);
              void addTerminals({ officeId: id });
            }}
            data-testid="terminal-settings-office"
          />
          <TreeSelect<number>
            aria-label={t('addGroup')}
            style={{ minWidth: 240 }}
            placeholder={t('addGroup')}
            value={undefined}
            disabled={officeId === undefined}
            treeDefaultExpandAll
            treeData={groupOptions(groups.data ?? [])}
            onChange={(groupId) => groupId && void addTerminals({ groupId })}
            data-testid="terminal-settings-group"
          />
          <Button onClick={() => setChosen([])} disabled={!chosen.length}>
            {t('clear')}
          </Button>
        </Flex>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'heartbeat',
              label: t('heartbeat.label'),
              children: data ? (
                <span data-testid="terminal-settings-heartbeat">
                  {t('heartbeat.value', { seconds: data.heartbeatSeconds, offline: data.offlineSeconds })}
                </span>
              ) : (
                '—'
              ),
            },
            {
              key: 'authFree',
              label: t('authFree.label'),
              children: (
                <Flex gap={12} align="center" wrap>
                  <Switch
                    checked={authOn}
                    disabled={!can('sys:setting:edit') || authFree.isLoading}
                    onChange={(on) => void toggleAuthFree(on)}
                    aria-label={t('authFree.label')}
                  />
                  <Typography.Text type="secondary">
                    {authOn ? t('authFree.on') : t('authFree.off')}
                  </Typography.Text>
                  {can('sys:setting:view') ? (
                    <Link to="/sys/sysSetting/list">{t('authFree.link')}</Link>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
        {!chosen.length ? (
          <Empty description={t('choose')} />
        ) : (
          <>
            <SettingsForm terminals={chosen} first={data?.terminals[0]} onSent={sent} />
            <Typography.Title level={5}>{t('state.title')}</Typography.Title>
            <DeliveryTable rows={data?.terminals ?? []} loading={states.isLoading} />
            <Typography.Title level={5}>{t('volume.label')}</Typography.Title>
            {chosen.length === 1 ? (
              <VolumeSection terminalId={chosen[0]!.id} refresh={sends} />
            ) : (
              <Typography.Text type="secondary">{t('volume.onlyOne')}</Typography.Text>
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}
