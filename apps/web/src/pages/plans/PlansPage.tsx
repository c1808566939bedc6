import { PLAN_VALIDITY, type PlanSortField, type PlanSummary } from '@apm/contract';
import { App, Button, Card, Form, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { ListActionsBar } from '../../components/admin/ListActionsBar';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { reviewStateSelect } from '../../components/admin/review-state-select';
import { CellText } from '../../components/admin/TableCells';
import { useServerTable } from '../../components/admin/use-server-table';
import { copyPlan, deletePlans, listPlans, planKeys, type PlanListParams } from '../../services/plans';
import { planPublishPath } from '../publish/publish-targets';
import { planErrorText } from './plan-errors';
import { PlanTimelineDrawer } from './PlanTimelineDrawer';
import { PlanDatesCell, PlanStateTag } from './PlanCells';

const SORTABLE: readonly PlanSortField[] = ['name', 'startDate', 'endDate', 'createdAt', 'updatedAt'];

/** Plan production's address (in the shell): a new plan, or `id` to edit one. */
export const planMakePath = (id?: number) => (id ? `/playPlan/planMake?id=${id}` : '/playPlan/planMake');

type SearchValues = Pick<PlanListParams, 'keyword' | 'reviewState' | 'validity' | 'officeId'>;

/** `playPlan/list`: the caller's play plans — search, filter, sort, page; new, edit, copy, delete, publish, timeline. */
export default function PlansPage() {
  const { t } = useTranslation('plans');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const navigate = useNavigate();
  const table = useServerTable<PlanSummary, PlanListParams, SearchValues>({
    queryKey: planKeys.all,
    fetch: listPlans,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const [selected, setSelected] = useState<number[]>([]);
  const [timeline, setTimeline] = useState<PlanSummary | null>(null);
  // The timeline drawer picks among the plan's terminals (`terminalSelect`, for those who choose terminals).
  const canChooseTerminals = can('plan:list:publish') || can('publish:terminalSelection:view');

  const onDelete = async (ids: number[]) => {
    try {
      await deletePlans(ids);
      void message.success(t('deleted', { count: ids.length }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      await table.refresh();
    } catch (failure) {
      void message.error(planErrorText(failure));
    }
  };

  const onCopy = async (plan: PlanSummary) => {
    try {
      await copyPlan(plan.id);
      void message.success(t('copied'));
      await table.refresh();
    } catch (failure) {
      void message.error(planErrorText(failure));
    }
  };

  return (
    <Card title={t('title')}>
      <ListFilterBar
        table={table}
        name="planSearch"
        keyword={{ placeholder: t('keywordHint'), maxLength: 200, testId: 'plan-search-keyword' }}
        selects={[
          reviewStateSelect(t, tc('common.all'), 'plan-search-state'),
          {
            name: 'validity',
            label: t('validity'),
            width: 140,
            placeholder: tc('common.all'),
            options: PLAN_VALIDITY.map((value) => ({ value, label: t(`validities.${value}`) })),
            testId: 'plan-search-validity',
          },
        ]}
        searchTestId="plan-search"
      >
        <Form.Item name="officeId" label={t('office')}>
          <OfficeTreeSelect allowClear placeholder={t('anyOffice')} style={{ minWidth: 200 }} />
        </Form.Item>
      </ListFilterBar>
      <ListActionsBar
        deletePermission="plan:list:delete"
        selectedCount={selected.length}
        onDeleteSelected={() => onDelete(selected)}
        deleteTestId="plan-delete-selected"
        createPermission="plan:list:add"
        createLabel={t('create')}
        onCreate={() => void navigate(planMakePath())}
        createTestId="plan-create"
      />
      <Table<PlanSummary>
        rowKey="id"
        {...table.tableProps}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 'max-content' }}
        rowSelection={
          can('plan:list:delete')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        columns={[
          {
            key: 'name',
            title: t('name'),
            width: 220,
            fixed: 'left',
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (_, r) =>
              can('plan:list:edit') ? (
                <Link
                  to={planMakePath(r.id)}
                  title={r.name}
                  data-testid="plan-open"
                  style={{
                    display: 'block',
                    maxWidth: 188,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {r.name}
                </Link>
              ) : (
                <CellText text={r.name} testId="plan-name" />
              ),
          },
          {
            key: 'office',
            title: t('office'),
            width: 140,
            render: (_, r) => <CellText text={r.officeName} />,
          },
          {
            key: 'owner',
            title: t('owner'),
            width: 110,
            render: (_, r) => <CellText text={r.creatorName} />,
          },
          { key: 'entries', title: t('entries'), dataIndex: 'entryCount', width: 80 },
          {
            key: 'startDate',
            title: t('dates'),
            width: 230,
            sorter: true,
            sortOrder: sortOrderOf('startDate'),
            render: (_, r) => <PlanDatesCell plan={r} />,
          },
          {
            key: 'terminals',
            title: t('terminals'),
            dataIndex: 'terminalCount',
            width: 90,
            render: (count: number) => <span data-testid="plan-terminal-count">{count}</span>,
          },
          {
            key: 'state',
            title: t('state'),
            width: 150,
            render: (_, r) => <PlanStateTag plan={r} />,
          },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            dataIndex: 'updatedAt',
            width: 150,
            sorter: true,
            sortOrder: sortOrderOf('updatedAt'),
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 260,
            render: (_, r) => (
              <Space size={0} wrap>
                <Authorized permission="plan:list:edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(planMakePath(r.id))}
                    data-testid="plan-edit"
                  >
                    {t('edit')}
                  </Button>
                </Authorized>
                <Authorized permission="plan:list:publish">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(planPublishPath(r.id))}
                    data-testid="plan-publish"
                  >
                    {t('publish')}
                  </Button>
                </Authorized>
                {canChooseTerminals ? (
                  <Button type="link" size="small" onClick={() => setTimeline(r)} data-testid="plan-timeline">
                    {t('timeline')}
                  </Button>
                ) : null}
                <Authorized permission="plan:list:add">
                  <Button type="link" size="small" onClick={() => void onCopy(r)} data-testid="plan-copy">
                    {t('copy')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="plan:list:delete"
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete([r.id])}
                >
                  <Button type="link" size="small" danger data-testid="plan-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {timeline ? <PlanTimelineDrawer plan={timeline} onClose={() => setTimeline(null)} /> : null}
    </Card>
  );
}
