import {
  formatBytes,
  MATERIAL_KIND_VALUES,
  REVIEW_STATE_VALUES,
  type Material,
  type MaterialKind,
  type MaterialReviewState,
} from '@apm/contract';
import { App, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewBulkActions } from '../../components/admin/ReviewBulkActions';
import { useReviewQueue } from '../../components/admin/use-review-queue';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { approveMaterials, listMaterialReviews, rejectMaterials } from '../../services/material-review';
import { apiUrl } from '../../services/request';
import { KindIcon, ReviewTag } from '../materials/MaterialBits';
import { MaterialPreviewModal } from '../materials/MaterialPreviewModal';
import { ReviewNoteModal } from './ReviewNoteModal';

/** `review/material`: materials waiting for review, previewed, approved or rejected with a note. */
export default function MaterialReviewPage() {
  const { t } = useTranslation('materialReview');
  const { t: tm } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const access = useAccess();
  // The server lets reviewers read what they judge (details, thumbnails, bytes).
  const canPreview = access.can('review:material:view') || access.can('res:material:view');
  const [kind, setKind] = useState<MaterialKind | undefined>(undefined);
  const [officeId, setOfficeId] = useState<number | undefined>(undefined);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const queue = useReviewQueue<Material, { kind?: MaterialKind; officeId?: number }>({
    domain: 'material',
    filters: { kind, officeId },
    fetch: listMaterialReviews,
    approve: approveMaterials,
    reject: rejectMaterials,
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
            placeholder={tm('filters.keyword')}
            aria-label={tm('filters.keyword')}
            value={queue.keywordInput}
            onChange={(e) => queue.setKeywordInput(e.target.value)}
            onPressEnter={queue.searchNow}
            data-testid="review-search"
          />
          <Select<MaterialReviewState>
            style={{ width: 150 }}
            aria-label={tm('filters.reviewState')}
            value={state}
            onChange={setState}
            options={REVIEW_STATE_VALUES.map((s) => ({ value: s, label: tm(`reviewStates.${s}`) }))}
            data-testid="review-filter-state"
          />
          <Select<MaterialKind>
            allowClear
            style={{ width: 140 }}
            placeholder={tm('filters.kind')}
            aria-label={tm('filters.kind')}
            value={kind}
            onChange={(k) => setKind(k ?? undefined)}
            options={MATERIAL_KIND_VALUES.map((k) => ({ value: k, label: tm(`kinds.${k}`) }))}
            data-testid="review-filter-kind"
          />
          <OfficeTreeSelect
            allowClear
            aria-label={tm('fields.office')}
            placeholder={t('anyOffice')}
            value={officeId}
            onChange={setOfficeId}
            style={{ minWidth: 200 }}
          />
        </Space>
        <ReviewBulkActions
          permission="review:material:review"
          selected={selected}
          onDecide={setDeciding}
          approveLabel={t('bulkApprove', { count: selected.length })}
          rejectLabel={t('bulkReject', { count: selected.length })}
          testIdPrefix="review"
        />
      </Flex>
      <Table<Material>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: state === 'pending' ? t('emptyPending') : tc('common.emptyList') }}
        // Scrolls sideways only with rows: an empty scroll area holds nothing a keyboard can reach it by.
        scroll={list.data?.list.length ? { x: 1280 } : undefined}
        data-testid="review-table"
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
            key: 'thumb',
            width: 64,
            render: (_, m) =>
              m.thumbUrl && canPreview ? (
                <img src={apiUrl(m.thumbUrl)} alt="" style={{ width: 48, height: 36, objectFit: 'cover' }} />
              ) : (
                <KindIcon kind={m.kind} style={{ fontSize: 24 }} />
              ),
          },
          {
            key: 'name',
            title: tm('fields.name'),
            width: 260,
            ellipsis: true,
            render: (_, m) =>
              canPreview ? (
                <Typography.Link onClick={() => setPreviewId(m.id)} data-testid="review-preview">
                  {m.name}
                </Typography.Link>
              ) : (
                m.name
              ),
          },
          { key: 'kind', title: tm('fields.kind'), width: 110, render: (_, m) => tm(`kinds.${m.kind}`) },
          { key: 'size', title: tm('fields.size'), width: 100, render: (_, m) => formatBytes(m.size) },
          {
            key: 'uploader',
            title: tm('fields.uploader'),
            width: 120,
            render: (_, m) => m.creatorName ?? '—',
          },
          { key: 'office', title: tm('fields.office'), width: 140, ellipsis: true, dataIndex: 'officeName' },
          {
            key: 'createdAt',
            title: tm('fields.createdAt'),
            width: 150,
            render: (_, m) => dayjs(m.createdAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'state',
            title: tm('fields.reviewState'),
            width: 120,
            render: (_, m) => <ReviewTag state={m.reviewState} note={m.reviewNote} />,
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 200,
            render: (_, m) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  disabled={!canPreview}
                  onClick={() => setPreviewId(m.id)}
                  data-testid="review-preview-button"
                >
                  {tm('actions.preview')}
                </Button>
                <Authorized permission="review:material:review">
                  <Button
                    type="link"
                    size="small"
                    disabled={m.reviewState === 'approved'}
                    onClick={() => setDeciding({ decision: 'approve', ids: [m.id] })}
                    data-testid="review-approve"
                  >
                    {t('approve')}
                  </Button>
                </Authorized>
                <Authorized permission="review:material:review">
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={m.reviewState === 'rejected'}
                    onClick={() => setDeciding({ decision: 'reject', ids: [m.id] })}
                    data-testid="review-reject"
                  >
                    {t('reject')}
                  </Button>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      {previewId !== null ? <MaterialPreviewModal id={previewId} onClose={() => setPreviewId(null)} /> : null}
      {deciding ? (
        <ReviewNoteModal
          decision={deciding.decision}
          count={deciding.ids.length}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => queue.decide(deciding, note)}
        />
      ) : null}
    </Card>
  );
}
