import { formatBytes, REVIEW_STATE_VALUES, type ProgramSummary } from '@apm/contract';
import { App, Button, Card, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATE_COLOR, ReviewBulkActions } from '../../components/admin/ReviewBulkActions';
import { useReviewQueue } from '../../components/admin/use-review-queue';
import { Authorized } from '../../access/Authorized';
import { ProgramPreviewModal } from '../../components/ProgramPreviewModal';
import { approvePrograms, listProgramReviews, rejectPrograms } from '../../services/program';
import { ReviewNoteModal } from '../material-review/ReviewNoteModal';
import { resolutionText } from '../programs/canvas-size';

type ReviewState = ProgramSummary['reviewState'];

/** `publishProgram/checklist`: programs waiting for review, played in a preview, approved or rejected with a note. */
export default function ProgramReviewPage() {
  const { t } = useTranslation('programReview');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [previewing, setPreviewing] = useState<ProgramSummary | null>(null);
  const queue = useReviewQueue<ProgramSummary, object>({
    domain: 'program',
    filters: {},
    fetch: listProgramReviews,
    approve: approvePrograms,
    reject: rejectPrograms,
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
            data-testid="program-review-search"
          />
          <Select<ReviewState>
            style={{ width: 160 }}
            aria-label={t('state')}
            value={state}
            onChange={setState}
            options={REVIEW_STATE_VALUES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="program-review-state"
          />
        </Space>
        <ReviewBulkActions
          permission="review:program:review"
          selected={selected}
          onDecide={setDeciding}
          approveLabel={t('bulkApprove', { count: selected.length })}
          rejectLabel={t('bulkReject', { count: selected.length })}
          testIdPrefix="program-review"
        />
      </Flex>
      <Table<ProgramSummary>
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
              <Typography.Link onClick={() => setPreviewing(p)} data-testid="program-review-preview">
                {p.name}
              </Typography.Link>
            ),
          },
          {
            key: 'resolution',
            title: t('resolution'),
            width: 120,
            render: (_, p) => resolutionText(p.width, p.height),
          },
          { key: 'size', title: t('size'), width: 100, render: (_, p) => formatBytes(p.size) },
          {
            key: 'maker',
            title: t('maker'),
            width: 130,
            ellipsis: true,
            render: (_, p) => p.creatorName ?? '—',
          },
          { key: 'office', title: t('office'), width: 150, ellipsis: true, dataIndex: 'officeName' },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            width: 150,
            render: (_, p) => dayjs(p.updatedAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'state',
            title: t('state'),
            width: 130,
            render: (_, p) => (
              <Tag color={REVIEW_STATE_COLOR[p.reviewState]} title={p.reviewNote ?? undefined}>
                {t(`states.${p.reviewState}`)}
              </Tag>
            ),
          },
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
                  data-testid="program-review-play"
                >
                  {t('preview')}
                </Button>
                <Authorized permission="review:program:review">
                  <Button
                    type="link"
                    size="small"
                    disabled={p.reviewState === 'approved'}
                    onClick={() => setDeciding({ decision: 'approve', ids: [p.id] })}
                    data-testid="program-review-approve"
                  >
                    {t('approve')}
                  </Button>
                </Authorized>
                <Authorized permission="review:program:review">
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={p.reviewState === 'rejected'}
                    onClick={() => setDeciding({ decision: 'reject', ids: [p.id] })}
                    data-testid="program-review-reject"
                  >
                    {t('reject')}
                  </Button>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      {previewing ? (
        <ProgramPreviewModal id={previewing.id} title={previewing.name} onClose={() => setPreviewing(null)} />
      ) : null}
      {deciding ? (
        <ReviewNoteModal
          namespace="programReview"
          decision={deciding.decision}
          count={deciding.ids.length}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => queue.decide(deciding, note)}
        />
      ) : null}
    </Card>
  );
}
