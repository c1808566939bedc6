import type { StrategyDeliveryState, StrategySummary, StrategyTerminal } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Drawer, Flex, Input, Select, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import {
  linkTerminals,
  sendStrategy,
  strategyKeys,
  strategyTerminals,
  unlinkTerminals,
} from '../../services/strategies';
import { TerminalLinkModal } from './TerminalLinkModal';
import { strategyErrorText } from './strategy-errors';

const STATE_COLORS: Record<StrategyDeliveryState, string> = {
  pending: 'gold',
  queued: 'default',
  sent: 'processing',
  acked: 'success',
  failed: 'error',
};
const STATES = Object.keys(STATE_COLORS) as StrategyDeliveryState[];
/** How often the list is read again while sends wait for an answer, and while some wait for offline terminals. */
const POLL_MS = 2000;
const QUEUED_POLL_MS = 10_000;

/** Props of {@link StrategyTerminalsDrawer}. */
export interface StrategyTerminalsDrawerProps {
  strategy: StrategySummary;
  onClose(): void;
}

/**
 * A strategy's terminals: each one's delivery state and what it could not apply, read again while
 * sends are under way; linking (through {@link TerminalLinkModal}), unlinking and sending.
 */
export function StrategyTerminalsDrawer({ strategy, onClose }: StrategyTerminalsDrawerProps) {
  const { t } = useTranslation('strategies');
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; state?: StrategyDeliveryState }>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [linking, setLinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: [...strategyKeys.terminals(strategy.id), filter, page],
    queryFn: ({ signal }) => strategyTerminals({ id: strategy.id, ...filter, ...page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const counts = q.state.data?.counts;
      if (!counts) return false;
      return counts.sent > 0 ? POLL_MS : counts.queued > 0 ? QUEUED_POLL_MS : false;
    },
  });
  const counts = query.data?.counts;
  const refresh = () => queryClient.invalidateQueries({ queryKey: strategyKeys.all });

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      void message.success(await action());
      await refresh();
    } catch (failure) {
      void message.error(strategyErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const send = (ids?: number[]) =>
    run(async () => t('drawer.sent', { count: (await sendStrategy(strategy.id, ids)).count }));
  const unlink = () =>
    run(async () => {
      const { unlinked } = await unlinkTerminals(strategy.id, selected);
      setSelected([]);
      return t('drawer.unlinked', { count: unlinked });
    });

  return (
    <Drawer
      open
      size={900}
      title={t('drawer.title', { name: strategy.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="strategy-terminals-drawer"
    >
      {counts && counts.pending > 0 ? (
        <Alert type="warning" showIcon message={t('drawer.pendingNote')} style={{ marginBottom: 12 }} />
      ) : null}
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Authorized permission="terminal:strategy:edit">
          <Button type="primary" onClick={() => setLinking(true)} data-testid="strategy-link">
            {t('drawer.link')}
          </Button>
        </Authorized>
        <Authorized permission="terminal:strategy:edit">
          <Button
            onClick={() => void send()}
            loading={busy}
            disabled={!query.data?.count}
            data-testid="strategy-send"
          >
            {t('drawer.send')}
          </Button>
        </Authorized>
        <Authorized permission="terminal:strategy:edit">
          <Button onClick={() => void send(selected)} disabled={!selected.length} loading={busy}>
            {t('drawer.sendSelected')}
          </Button>
        </Authorized>
        <GuardedConfirm
          permission="terminal:strategy:edit"
          title={t('drawer.confirmUnlink', { count: selected.length })}
          onConfirm={unlink}
          disabled={!selected.length}
        >
          <Button danger disabled={!selected.length} data-testid="strategy-unlink">
            {t('drawer.unlink')}
          </Button>
        </GuardedConfirm>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          maxLength={100}
          placeholder={t('drawer.search')}
          aria-label={t('drawer.search')}
          style={{ width: 240 }}
          onSearch={(keyword) => {
            setFilter((f) => ({ ...f, keyword: keyword.trim() || undefined }));
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        <Select<StrategyDeliveryState>
          allowClear
          placeholder={t('drawer.state')}
          aria-label={t('drawer.state')}
          style={{ width: 200 }}
          onChange={(state) => {
            setFilter((f) => ({ ...f, state }));
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={STATES.map((s) => ({ value: s, label: `${t(`states.${s}`)} (${counts?.[s] ?? 0})` }))}
        />
      </Flex>
      <Table<StrategyTerminal>
        rowKey="terminalId"
        size="small"
        loading={query.isFetching && !query.data}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('drawer.empty') }}
        scroll={{ x: 760 }}
        rowSelection={
          can('terminal:strategy:edit')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.count ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'name',
            title: t('drawer.terminal'),
            render: (_, r) => (
              <Badge
                status={r.online ? 'success' : 'default'}
                text={r.name}
                title={r.online ? t('drawer.online') : t('drawer.offline')}
              />
            ),
          },
          { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
          {
            key: 'state',
            title: t('drawer.state'),
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag
                  color={STATE_COLORS[r.state]}
                  data-testid={`strategy-state-${r.terminalId}`}
                  data-state={r.state}
                >
                  {t(`states.${r.state}`)}
                  {r.sentRevision ? ` · r${r.sentRevision}` : ''}
                </Tag>
                {r.error ? (
                  <Tooltip title={r.error}>
                    <Tag color="red">{t('drawer.error')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'unsupported',
            title: t('unsupportedLabel'),
            render: (_, r) => (
              <Space size={4} wrap data-testid={`strategy-unsupported-${r.terminalId}`}>
                {r.unsupported.map((u) => (
                  <Tag key={u} color="orange">
                    {t(`policyNames.${u}` as 'policyNames.power', { defaultValue: u })}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'sentAt',
            title: t('drawer.sentAt'),
            render: (_, r) => (r.sentAt ? dayjs(r.sentAt).format('YYYY-MM-DD HH:mm:ss') : '—'),
          },
          {
            key: 'doneAt',
            title: t('drawer.doneAt'),
            render: (_, r) => (r.doneAt ? dayjs(r.doneAt).format('YYYY-MM-DD HH:mm:ss') : '—'),
          },
        ]}
      />
      {linking ? (
        <TerminalLinkModal
          strategy={strategy}
          onClose={() => setLinking(false)}
          onLink={async (ids) => {
            try {
              const { linked, moved } = await linkTerminals(strategy.id, ids);
              void message.success(t('drawer.linked', { linked, moved }));
              setLinking(false);
              await refresh();
            } catch (failure) {
              void message.error(strategyErrorText(failure));
            }
          }}
        />
      ) : null}
    </Drawer>
  );
}
