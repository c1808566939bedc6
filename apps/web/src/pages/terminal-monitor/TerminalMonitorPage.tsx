import { PlusOutlined } from '@ant-design/icons';
import type { Terminal } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { SearchActions } from '../../components/admin/SearchActions';
import { useConfirmDelete } from '../../components/admin/use-confirm-delete';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  listTerminals,
  removeTerminals,
  type TerminalListParams,
  type TerminalSortField,
  type TerminalStatusFilter,
} from '../../services/terminal';
import { ClaimTerminalModal } from './ClaimTerminalModal';
import { CommandMenu } from './CommandMenu';
import { StatusCounts } from './StatusCounts';
import { terminalErrorText } from './terminal-errors';
import { TerminalScheduleDrawer } from '../plans/timeline/TerminalScheduleDrawer';
import { TerminalDetailsDrawer } from './TerminalDetailsDrawer';
import { TerminalEditModal } from './TerminalEditModal';
import { TerminalTable } from './TerminalTable';
import { TerminalTreePanel, type TreeSelection } from './TerminalTreePanel';
import { TERMINAL_KEY } from './use-terminal-office-tree';
import { useLiveRows } from './use-live-rows';

const SORTABLE: readonly TerminalSortField[] = ['name', 'online', 'lastSeenAt', 'createdAt'];
const STATUSES: readonly TerminalStatusFilter[] = ['online', 'offline', 'pending'];

interface Filters {
  keyword?: string;
  status?: TerminalStatusFilter;
}

/** `terminalMonitor/monitor`: claim, find, move, command and inspect terminals, with live status. */
export default function TerminalMonitorPage() {
  const { t } = useTranslation('terminalMonitor');
  const { message } = App.useApp();
  const askDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const table = useServerTable<Terminal, TerminalListParams, Filters>({
    queryKey: [...TERMINAL_KEY, 'list'],
    fetch: listTerminals,
    sortable: SORTABLE,
  });
  const [selection, setSelection] = useState<TreeSelection>({});
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [claiming, setClaiming] = useState(false);
  const [editing, setEditing] = useState<Terminal[] | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [scheduleOf, setScheduleOf] = useState<Terminal | null>(null);
  const rows = useLiveRows(table.query.data?.list ?? []);
  const selected = rows.filter((r) => selectedIds.includes(r.id));
  const selectedClaimed = selected.filter((r) => r.state === 'claimed');

  // Another page, search or tree node starts with nothing selected.
  const { pageNo, pageSize } = table.params;
  useEffect(
    () => setSelectedIds([]),
    [selection, pageNo, pageSize, table.params.keyword, table.params.status],
  );

  /** Everything on the page (list, counts, trees, live status) reloads after a change. */
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });

  const selectTree = (next: TreeSelection) => {
    setSelection(next);
    table.setFilter({ officeId: next.officeId, groupId: next.groupId });
  };
  const filterStatus = (status: TerminalStatusFilter | undefined) => {
    table.form.setFieldValue('status', status);
    table.search(table.form.getFieldsValue());
  };

  const confirmRemove = (targets: Terminal[]) =>
    askDelete({
      title:
        targets.length === 1
          ? t('remove.confirmOne', { name: targets[0]!.name })
          : t('remove.confirmMany', { count: targets.length }),
      okButtonId: 'terminal-remove-ok',
      remove: async () => {
        await removeTerminals(targets.map((x) => x.id));
        void message.success(t('remove.done', { count: targets.length }));
        setSelectedIds([]);
        await refreshAll();
      },
      errorText: terminalErrorText,
    });

  return (
    <Card title={t('title')}>
      <Flex gap={16} align="flex-start" wrap>
        <div style={{ width: 260, flex: '0 0 260px' }}>
          <TerminalTreePanel selection={selection} onSelect={selectTree} />
        </div>
        <Flex vertical gap={12} style={{ flex: '1 1 560px', minWidth: 0 }}>
          <StatusCounts selection={selection} status={table.params.status} onStatus={filterStatus} />
          <Form
            form={table.form}
            name="terminalFilter"
            layout="inline"
            onFinish={table.search}
            style={{ rowGap: 8 }}
          >
            <Form.Item name="keyword" label={t('filters.keyword')}>
              <Input allowClear maxLength={100} data-testid="terminal-search-keyword" />
            </Form.Item>
            <Form.Item name="status" label={t('filters.status')}>
              <Select
                allowClear
                style={{ minWidth: 160 }}
                placeholder={t('filters.anyStatus')}
                options={STATUSES.map((s) => ({ value: s, label: t(`presence.${s}`) }))}
              />
            </Form.Item>
            <SearchActions onReset={table.reset} testId="terminal-search" />
          </Form>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              <Typography.Text type="secondary">
                {t('actions.selected', { count: selected.length })}
              </Typography.Text>
              <Authorized permission="terminal:monitor:edit">
                <Button
                  disabled={!selectedClaimed.length}
                  onClick={() => setEditing(selectedClaimed)}
                  data-testid="terminal-move-selected"
                >
                  {t('actions.moveSelected')}
                </Button>
              </Authorized>
              <CommandMenu terminals={selectedClaimed} onSent={() => void refreshAll()} />
              <Authorized permission="terminal:monitor:delete">
                <Button
                  danger
                  disabled={!selected.length}
                  onClick={() => confirmRemove(selected)}
                  data-testid="terminal-remove-selected"
                >
                  {t('actions.removeSelected')}
                </Button>
              </Authorized>
            </Space>
            <Authorized permission="terminal:monitor:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setClaiming(true)}
                data-testid="terminal-claim"
              >
                {t('actions.claim')}
              </Button>
            </Authorized>
          </Flex>
          <TerminalTable
            rows={rows}
            tableProps={table.tableProps}
            sortOrderOf={table.sortOrderOf}
            selectedIds={selectedIds}
            onSelectionChange={setSelectedIds}
            onDetails={(row) => setDetailsId(row.id)}
            onSchedule={setScheduleOf}
            onEdit={(row) => setEditing([row])}
            onRemove={(row) => confirmRemove([row])}
            onChanged={() => void refreshAll()}
          />
        </Flex>
      </Flex>
      {claiming ? (
        <ClaimTerminalModal
          officeId={selection.officeId}
          groupId={selection.groupId}
          onClose={() => setClaiming(false)}
          onClaimed={() => {
            setClaiming(false);
            void message.success(t('claim.done'));
            void refreshAll();
          }}
        />
      ) : null}
      {editing ? (
        <TerminalEditModal
          terminals={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success(
              editing.length === 1 ? t('edit.saved') : t('edit.moved', { count: editing.length }),
            );
            setEditing(null);
            setSelectedIds([]);
            void refreshAll();
          }}
        />
      ) : null}
      {scheduleOf ? (
        <TerminalScheduleDrawer terminal={scheduleOf} onClose={() => setScheduleOf(null)} />
      ) : null}
      {detailsId !== null ? (
        <TerminalDetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} />
      ) : null}
    </Card>
  );
}
