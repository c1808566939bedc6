import type {
  MessageDeliveryCounts,
  MessageDeliveryState,
  MessageKind,
  MessageStatus,
  MessageSummary,
} from '@apm/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATE_COLOR } from '../../components/admin/ReviewBulkActions';

const STATUS_COLOR: Record<MessageStatus, string> = {
  draft: 'default',
  sent: 'blue',
  stopped: 'orange',
  expired: 'default',
};

const KIND_COLOR: Record<MessageKind, string> = { ticker: 'cyan', notice: 'geekblue', takeover: 'red' };

/** Colour of each delivery state's tag. */
export const DELIVERY_COLOR: Record<MessageDeliveryState, string> = {
  queued: 'default',
  delivered: 'blue',
  showing: 'green',
  expired: 'default',
  failed: 'red',
  stopped: 'orange',
};

/** A message's kind. */
export function KindTag({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation('messages');
  return <Tag color={KIND_COLOR[kind]}>{t(`kinds.${kind}`)}</Tag>;
}

/** Where a message stands (draft, sent, stopped, expired). */
export function StatusTag({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('messages');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="message-state">
      {t(`statuses.${status}`)}
    </Tag>
  );
}

/** A message's review state, its note (why it was rejected) on hover. */
export function ReviewStateTag({
  state,
  note,
}: {
  state: MessageSummary['reviewState'];
  note: string | null;
}) {
  const { t } = useTranslation('messages');
  const tag = (
    <Tag color={REVIEW_STATE_COLOR[state]} data-testid="message-review-state">
      {t(`reviewStates.${state}`)}
    </Tag>
  );
  return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}

/** A send's terminals that acknowledged (delivered or showing) of all, and the failed ones. */
export function DeliveryCounts({ counts, total }: { counts: MessageDeliveryCounts; total: number }) {
  const { t } = useTranslation('messages');
  const acked = counts.delivered + counts.showing;
  const all = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <Space size={4} wrap data-testid="message-delivery-counts">
      <span>{t('delivery.acked', { acked, total: all || total })}</span>
      {counts.failed ? <Tag color="red">{t('delivery.failedCount', { count: counts.failed })}</Tag> : null}
      {counts.queued ? <Tag>{t('delivery.queuedCount', { count: counts.queued })}</Tag> : null}
    </Space>
  );
}
