import { DownloadOutlined } from '@ant-design/icons';
import type { AlarmView } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { CellText, TableActions } from '../../components/admin/TableCells';
import { PENDING_ALARMS_KEY } from '../../layouts/shell/AlarmBadge';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  acknowledgeAlarms,
  assignAlarms,
  downloadAlarmExport,
  listAlarms,
  resolveAlarms,
  type AlarmListParams,
  type AlarmTarget,
} from '../../services/alarm';
import { describeError, RequestError } from '../../services/request';
import { AlarmDetailsDrawer } from './AlarmDetailsDrawer';
import { AlarmFilterBar } from './AlarmFilterBar';
import { durationText, handlingOf, toAlarmFilters, type AlarmFilterValues } from './alarm-logic';
import { HandlingTag, SeverityTag } from './alarm-tags';
import { AssignModal } from './AssignModal';

/** How often the list reloads by itself (new alarms, ended ones). */
const REFRESH_MS = 30_000;
export const ALARM_LIST_KEY = ['alarm', 'list'] as const;

/**
 * The alarm list: filters, paging on the server, live reload; acknowledge, assign and resolve the
 * chosen alarms or every alarm matching the filters (confirmed), CSV/XLSX exports, details.
 */
export function AlarmList() {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const table = useServerTable<AlarmView, AlarmListParams, AlarmFilterValues>({
    queryKey: ALARM_LIST_KEY,
    fetch: listAlarms,
    toFilters: toAlarmFilters,
  });
  const [selected, setSelected] = useState<number[]>([]);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [assigning, setAssigning] = useState<{ target: AlarmTarget; count: number } | null>(null);
  const { pageNo: _p, pageSize: _s, ...filters } = table.params;
  const total = table.query.data?.count ?? 0;
  const editable = can('sys:alarm:edit');

  useEffect(() => {
    const timer = setInterval(() => void table.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [table.refresh]);

  const failed = (failure: unknown) =>
    void message.error(failure instanceof RequestError ? describeError(failure) : String(failure));
  const run = async (work: () => Promise<number>, done: (count: number) => string) => {
    try {
      const count = await work();
      void message.success(done(count));
      setSelected([]);
      await table.refresh();
      void queryClient.invalidateQueries({ queryKey: PENDING_ALARMS_KEY });
    } catch (failure) {
      failed(failure);
    }
  };

  /** The chosen alarms, or (none chosen) every alarm matching the filters, after a confirmation. */
  const withTarget = (
    title: (count: number) => string,
    act: (target: AlarmTarget, count: number) => void | Promise<void>,
    content?: string,
  ) => {
    const target: AlarmTarget = selected.length ? { ids: selected } : { all: true, filters };
    const count = selected.length || total;
    const all = !selected.length;
    if (!all && !content) return void act(target, count);
    modal.confirm({
      title: title(count),
      content: [content, all ? t('allConfirmText') : null].filter(Boolean).join(' '),
      onOk: () => act(target, count),
    });
  };

  const acknowledge = () =>
    withTarget(
      (count) => t('acknowledgeConfirm', { count }),
      (target) =>
        run(
          () => acknowledgeAlarms(target),
          (count) => t('acknowledged', { count }),
        ),
    );
  const resolve = () =>
    withTarget(
      (count) => t('resolveConfirm', { count }),
      (target) =>
        run(
          () => resolveAlarms(target),
          (count) => t('resolved', { count }),
        ),
      t('resolveConfirmText'),
    );
  const assign = () =>
    withTarget(
      (count) => t('assignTitle') + ` (${count})`,
      (target, count) => setAssigning({ target, count }),
    );
  const exportAs = async (only: boolean, format: 'csv' | 'xlsx') => {
    try {
      const name = await downloadAlarmExport(only, filters, format, only ? selected : undefined);
      void message.success(t('exported', { name }));
    } catch (failure) {
      failed(failure);
    }
  };
  const scope = selected.length
    ? t('selected', { count: selected.length })
    : t('allMatching', { count: total });

  return (
    <>
      <AlarmFilterBar form={table.form} onSearch={table.search} onReset={table.reset} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="alarm-scope">
          {scope}
        </Typography.Text>
        <Space wrap>
          <Button disabled={!editable || !total} onClick={acknowledge} data-testid="alarm-acknowledge">
            {t('acknowledge')}
          </Button>
          <Button disabled={!editable || !total} onClick={assign} data-testid="alarm-assign">
            {t('assign')}
          </Button>
          <Button disabled={!editable || !total} onClick={resolve} data-testid="alarm-resolve">
            {t('resolve')}
          </Button>
          <Dropdown
            disabled={!can('sys:alarm:export')}
            menu={{
              items: [
                {
                  key: 'all-csv',
                  label: `${t('exportAll')} · CSV`,
                  onClick: () => void exportAs(false, 'csv'),
                },
                {
                  key: 'all-xlsx',
                  label: `${t('exportAll')} · XLSX`,
                  onClick: () => void exportAs(false, 'xlsx'),
                },
                {
                  key: 'only-csv',
                  label: `${t('exportOnly')} · CSV`,
                  title: t('exportOnlyHint'),
                  onClick: () => void exportAs(true, 'csv'),
                },
                {
                  key: 'only-xlsx',
                  label: `${t('exportOnly')} · XLSX`,
                  title: t('exportOnlyHint'),
                  onClick: () => void exportAs(true, 'xlsx'),
                },
              ],
            }}
          >
            <Button icon={<DownloadOutlined />} data-testid="alarm-export">
              {t('exportAll')}
            </Button>
          </Dropdown>
        </Space>
      </Flex>
      <Table<AlarmView>
        {...table.tableProps}
        rowKey="id"
        size="small"
        tableLayout="fixed"
        data-testid="alarm-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        onRow={(record) => ({ onClick: () => setDetailsId(record.id), style: { cursor: 'pointer' } })}
        columns={[
          {
            key: 'severity',
            title: t('severity'),
            width: 90,
            render: (_, a) => <SeverityTag severity={a.severity} />,
          },
          {
            key: 'type',
            title: t('type'),
            width: 130,
            render: (_, a) => <CellText text={t(`types.${a.type}`)} />,
          },
          {
            key: 'terminal',
            title: t('terminal'),
            render: (_, a) => (
              <>
                <CellText text={a.terminalName} testId="alarm-terminal" />
                <CellText text={a.deviceId} secondary />
              </>
            ),
          },
          {
            key: 'office',
            title: t('office'),
            width: 140,
            render: (_, a) => <CellText text={a.officeName} />,
          },
          {
            key: 'raisedAt',
            title: t('raisedAt'),
            width: 160,
            render: (_, a) => dayjs(a.raisedAt).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'endedAt',
            title: t('endedAt'),
            width: 150,
            render: (_, a) =>
              a.endedAt ? (
                <>
                  <CellText text={dayjs(a.endedAt).format('MM-DD HH:mm:ss')} />
                  <CellText text={durationText(a.raisedAt, a.endedAt)} secondary />
                </>
              ) : (
                <Typography.Text type="danger" data-testid="alarm-ongoing">
                  {t('ongoing')}
                </Typography.Text>
              ),
          },
          {
            key: 'handling',
            title: t('handling'),
            width: 150,
            render: (_, a) => (
              <>
                <HandlingTag handling={handlingOf(a)} />
                {a.assigneeName ? <Typography.Text type="secondary">{a.assigneeName}</Typography.Text> : null}
              </>
            ),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 90,
            render: (_, a) => (
              <TableActions>
                <Button
                  type="link"
                  size="small"
                  onClick={(event) => {
                    event.stopPropagation();
                    setDetailsId(a.id);
                  }}
                >
                  {tc('common.details')}
                </Button>
              </TableActions>
            ),
          },
        ]}
      />
      {detailsId !== null ? <AlarmDetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} /> : null}
      {assigning ? (
        <AssignModal
          count={assigning.count}
          onClose={() => setAssigning(null)}
          onAssign={(assigneeId, note) =>
            run(
              () => assignAlarms(assigning.target, assigneeId, note),
              (count) => t('assigned', { count }),
            )
          }
        />
      ) : null}
    </>
  );
}
