import { REVIEW_STATE_VALUES } from '@apm/contract';
import { App, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { ReviewBulkActions } from '../admin/ReviewBulkActions';
import { useReviewQueue, type ReviewQueueOptions, type ReviewState } from '../admin/use-review-queue';
import { ReviewHistoryModal } from '../../pages/review-history/ReviewHistoryModal';
import type { ReviewKind } from '../../services/review';
import { ReviewNoteModal, type ReviewNamespace } from './ReviewNoteModal';

/** Test ids of a review page's controls (kept per page: each page's end-to-end tests name them). */
export interface ReviewTestIds {
  search: string;
  state: string;
  table?: string;
  /** The name, a link that opens the preview. */
  name: string;
  /** The preview button of a row. */
  preview: string;
  approve: string;
  reject: string;
  /** Prefix of the bulk buttons (`<prefix>-bulk-approve`). */
  bulk: string;
}

/** The test ids `<prefix>-search`, `<prefix>-state`, `<prefix>-open`, `<prefix>-preview`… */
export const reviewTestIds = (prefix: string, overrides: Partial<ReviewTestIds> = {}): ReviewTestIds => ({
  search: `${prefix}-search`,
  state: `${prefix}-state`,
  name: `${prefix}-open`,
  preview: `${prefix}-preview`,
  approve: `${prefix}-approve`,
  reject: `${prefix}-reject`,
  bulk: prefix,
  ...overrides,
});

/** Props of {@link ReviewLayout}. */
export interface ReviewLayoutProps<
  T extends { id: number; name: string; reviewState: ReviewState },
  F extends object,
> {
  /**
   * The page's messages; each review namespace has `title`, `approve`, `reject`, `bulkApprove`,
   * `bulkReject`, `approveTitle`, `rejectTitle`, `approved`, `rejected`, `note…`, `emptyPending`,
   * `keyword`, `state`, `states.*` and `preview`.
   */
  namespace: ReviewNamespace;
  /** Permission deciding needs (`review:<kind>:review`). */
  permission: string;
  /** What is reviewed: each row's review history (`review/history`) opens from its actions. */
  kind: ReviewKind;
  /** The queue's calls and the page's own filters (see {@link useReviewQueue}); the message is added. */
  queue: Omit<ReviewQueueOptions<T, F>, 'onDecided'>;
  /** The page's own filter controls, after the keyword and the state. */
  filters?: ReactNode;
  /** Columns of what is reviewed, after the name (the state and the actions follow). */
  columns: ColumnsType<T>;
  /** The review state cell (a tag with the note on hover). */
  renderState(row: T): ReactNode;
  /** Opens the preview of the exact version submitted (the page renders it through `preview`). */
  onPreview(row: T): void;
  /** The open preview (modal or drawer), or null. */
  preview: ReactNode;
  /** Whether the reviewer may open previews (else the name is text and the button disabled). */
  canPreview?: boolean;
  /** Columns before the name (a thumbnail). */
  leading?: ColumnsType<T>;
  testIds: ReviewTestIds;
  /** Horizontal scroll width (the actions then stay at the right). */
  scrollX?: number;
  /** Width of the name column. */
  nameWidth?: number;
  stateWidth?: number;
}

/**
 * The one layout of the review centre (materials, programs, plans, messages): keyword and review-state
 * filters with the page's own, bulk approve and reject of the selection, the list paged on the server,
 * a preview of the exact version submitted, approve / reject with a note per row.
 */
export function ReviewLayout<
  T extends { id: number; name: string; reviewState: ReviewState },
  F extends object,
>(props: ReviewLayoutProps<T, F>) {
  const { namespace, permission, testIds: ids, canPreview = true } = props;
  const { t } = useTranslation(namespace);
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queue = useReviewQueue<T, F>({
    ...props.queue,
    onDecided: (decision, count) =>
      void message.success(t(decision === 'approve' ? 'approved' : 'rejected', { count })),
  });
  const { state, setState, selected, setSelected, list, page, setPage, deciding, setDeciding } = queue;
  const { t: th } = useTranslation('reviewHistory');
  const [historyOf, setHistoryOf] = useState<T | null>(null);
  const rows = list.data?.list ?? [];

  const columns: ColumnsType<T> = [
    ...(props.leading ?? []),
    {
      key: 'name',
      title: t('name'),
      width: props.nameWidth,
      ellipsis: { showTitle: true },
      render: (_, row) =>
        canPreview ? (
          // A link with an address is reached with Tab and opened with Enter, as a button.
          <Typography.Link
            href="#"
            onClick={(event) => {
              event.preventDefault();
              props.onPreview(row);
            }}
            data-testid={ids.name}
          >
            {row.name}
          </Typography.Link>
        ) : (
          row.name
        ),
    },
    ...props.columns,
    {
      key: 'state',
      title: t('state'),
      width: props.stateWidth ?? 130,
      render: (_, row) => props.renderState(row),
    },
    {
      key: 'actions',
      title: tc('common.actions'),
      width: 260,
      ...(props.scrollX ? { fixed: 'right' as const } : {}),
      render: (_, row) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            disabled={!canPreview}
            onClick={() => props.onPreview(row)}
            data-testid={ids.preview}
          >
            {t('preview')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setHistoryOf(row)}
            data-testid="review-history-open"
          >
            {th('open')}
          </Button>
          <Authorized permission={permission}>
            <Button
              type="link"
              size="small"
              disabled={row.reviewState === 'approved'}
              onClick={() => setDeciding({ decision: 'approve', ids: [row.id] })}
              data-testid={ids.approve}
            >
              {t('approve')}
            </Button>
          </Authorized>
          <Authorized permission={permission}>
            <Button
              type="link"
              size="small"
              danger
              disabled={row.reviewState === 'rejected'}
              onClick={() => setDeciding({ decision: 'reject', ids: [row.id] })}
              data-testid={ids.reject}
            >
              {t('reject')}
            </Button>
          </Authorized>
        </Space>
      ),
    },
  ];

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
            data-testid={ids.search}
          />
          <Select<ReviewState>
            style={{ width: 170 }}
            aria-label={t('state')}
            value={state}
            onChange={setState}
            options={REVIEW_STATE_VALUES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid={ids.state}
          />
          {props.filters}
        </Space>
        <ReviewBulkActions
          permission={permission}
          selected={selected}
          onDecide={setDeciding}
          approveLabel={t('bulkApprove', { count: selected.length })}
          rejectLabel={t('bulkReject', { count: selected.length })}
          testIdPrefix={ids.bulk}
        />
      </Flex>
      <Table<T>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: state === 'pending' ? t('emptyPending') : tc('common.emptyList') }}
        // Scrolls sideways only with rows: an empty scroll area holds nothing a keyboard can reach it by.
        scroll={props.scrollX && rows.length ? { x: props.scrollX } : undefined}
        data-testid={ids.table}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={columns}
      />
      {props.preview}
      {historyOf ? (
        <ReviewHistoryModal
          kind={props.kind}
          id={historyOf.id}
          name={historyOf.name}
          onClose={() => setHistoryOf(null)}
        />
      ) : null}
      {deciding ? (
        <ReviewNoteModal
          namespace={namespace}
          decision={deciding.decision}
          count={deciding.ids.length}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => queue.decide(deciding, note)}
        />
      ) : null}
    </Card>
  );
}
