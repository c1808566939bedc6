import { REVIEW_STATE_VALUES, type PlanSummary } from '@apm/contract';
import { App, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { ReviewBulkActions } from '../../components/admin/ReviewBulkActions';
import { CellText } from '../../components/admin/TableCells';
import { useReviewQueue } from '../../components/admin/use-review-queue';
import { approvePlans, listPlanReviews, rejectPlans } from '../../services/plans';
import { ReviewNoteModal } from '../material-review/ReviewNoteModal';
import { PlanDatesCell, PlanStateTag } from '../plans/PlanCells';
import { PlanPreviewDrawer } from './PlanPreviewDrawer';

type ReviewState = PlanSummary['reviewState'];

/** `playPlan/checklist`: plans waiting for review, their next 7 days previewed, approved or rejected with a note. */
export default function PlanReviewPage() {
  const { t } = useTranslation('planReview');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [previewing, setPreviewing] = useState<PlanSummary | null>(null);
  const queue = useReviewQueue<PlanSummary, object>({
    domain: 'plans',
    filters: {},
    fetch: listPlanReviews,
    approve: approvePlans,
    reject: rejectPlans,
    onDecided: (decision, count) =>
      void message.success(t(decision === 'approve' ? 'approved' : 'rejected', { count })),
  });
  const { state, setState, selected, setSelected, list, page, setPage, deciding, setDeciding } = queue;

  return (
    <Card title={t('title')}>
      <Flex wrap gap={8} style={{ marginBottom: 12 }} justify="space-between">
        <Space wrap>
          <Input
            allowClear
            style={{ width: 220 }}
            maxLength={200}
            placeholder={t('keyword')}
            aria-label={t('keyword')}
            value={queue.keywordInput}
            onChange={(e) => queue.setKeywordInput(e.target.value)}
            onPressEnter={queue.searchNow}
            data-testid="plan-review-search"
          />
          <Select<ReviewState>
            style={{ width: 180 }}
            aria-label={t('state')}
            value={state}
            onChange={setState}
            options={REVIEW_STATE_VALUES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="plan-review-state"
          />
        </Space>
        <ReviewBulkActions
          permission="review:plan:review"
          selected={selected}
          onDecide={setDeciding}
          approveLabel={t('bulkApprove', { count: selected.length })}
          rejectLabel={t('bulkReject', { count: selected.length })}
          testIdPrefix="plan-review"
        />
      </Flex>
      <Table<PlanSummary>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: state === 'pending' ? t('emptyPending') : tc('common.emptyList') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            ellipsis: { showTitle: true },
            render: (_, p) => (
              <Typography.Link onClick={() => setPreviewing(p)} data-testid="plan-review-open">
                {p.name}
              </Typography.Link>
            ),
          },
          { key: 'entries', title: t('entries'), width: 80, dataIndex: 'entryCount' },
          { key: 'dates', title: t('dates'), width: 210, render: (_, p) => <PlanDatesCell plan={p} /> },
          {
            key: 'maker',
            title: t('maker'),
            width: 130,
            render: (_, p) => <CellText text={p.creatorName} />,
          },
          {
            key: 'office',
            title: t('office'),
            width: 150,
            render: (_, p) => <CellText text={p.officeName} />,
          },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            width: 150,
            render: (_, p) => dayjs(p.updatedAt).format('YYYY-MM-DD HH:mm'),
          },
          { key: 'state', title: t('state'), width: 150, render: (_, p) => <PlanStateTag plan={p} /> },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 210,
            render: (_, p) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setPreviewing(p)}
                  data-testid="plan-review-preview"
                >
                  {t('preview')}
                </Button>
                <Authorized permission="review:plan:review">
                  <Button
                    type="link"
                    size="small"
                    disabled={p.reviewState === 'approved'}
                    onClick={() => setDeciding({ decision: 'approve', ids: [p.id] })}
                    data-testid="plan-review-approve"
                  >
                    {t('approve')}
                  </Button>
                </Authorized>
                <Authorized permission="review:plan:review">
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={p.reviewState === 'rejected'}
                    onClick={() => setDeciding({ decision: 'reject', ids: [p.id] })}
                    data-testid="plan-review-reject"
                  >
                    {t('reject')}
                  </Button>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      {previewing ? <PlanPreviewDrawer plan={previewing} onClose={() => setPreviewing(null)} /> : null}
      {deciding ? (
        <ReviewNoteModal
          namespace="planReview"
          decision={deciding.decision}
          count={deciding.ids.length}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => queue.decide(deciding, note)}
        />
      ) : null}
    </Card>
  );
}
