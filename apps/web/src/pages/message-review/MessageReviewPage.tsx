import { MESSAGE_KINDS, type MessageKind, type MessageSummary } from '@apm/contract';
import { Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../components/admin/TableCells';
import { ReviewLayout, reviewTestIds } from '../../components/review/ReviewLayout';
import { decideMessages, listMessageReviews } from '../../services/message';
import { KindTag, ReviewStateTag } from '../messages/MessageBits';
import { MessagePreviewModal } from '../messages/MessagePreviewModal';

const when = (iso: string | null, fallback: string) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : fallback;

/** `review/message`: messages waiting for review, drawn as submitted, approved or rejected with a note. */
export default function MessageReviewPage() {
  const { t } = useTranslation('messageReview');
  const { t: tm } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const [kind, setKind] = useState<MessageKind | undefined>(undefined);
  const [previewing, setPreviewing] = useState<MessageSummary | null>(null);
  return (
    <ReviewLayout<MessageSummary, { kind?: MessageKind }>
      namespace="messageReview"
      kind="message"
      permission="review:message:review"
      testIds={reviewTestIds('message-review')}
      scrollX={1560}
      nameWidth={200}
      queue={{
        domain: 'message',
        filters: { kind },
        fetch: listMessageReviews,
        approve: (ids, note) => decideMessages({ ids, result: 'approved', ...(note ? { note } : {}) }),
        reject: (ids, note) => decideMessages({ ids, result: 'rejected', note }),
      }}
      filters={
        <Select<MessageKind>
          allowClear
          style={{ width: 140 }}
          placeholder={tm('columns.kind')}
          aria-label={tm('columns.kind')}
          value={kind}
          onChange={(k) => setKind(k ?? undefined)}
          options={MESSAGE_KINDS.map((k) => ({ value: k, label: tm(`kinds.${k}`) }))}
          data-testid="message-review-kind"
        />
      }
      columns={[
        { key: 'kind', title: tm('columns.kind'), width: 100, render: (_, m) => <KindTag kind={m.kind} /> },
        {
          key: 'text',
          title: tm('columns.text'),
          width: 220,
          render: (_, m) => <CellText text={m.excerpt} />,
        },
        {
          key: 'validity',
          title: tm('columns.validity'),
          width: 240,
          render: (_, m) =>
            `${when(m.validFrom, tm('onArrival'))} – ${when(m.validUntil, tm('untilStopped'))}`,
        },
        { key: 'terminals', title: tm('columns.terminals'), width: 90, dataIndex: 'terminalCount' },
        { key: 'maker', title: t('maker'), width: 130, render: (_, m) => <CellText text={m.creatorName} /> },
        { key: 'office', title: t('office'), width: 150, render: (_, m) => <CellText text={m.officeName} /> },
        {
          key: 'updatedAt',
          title: tc('common.updatedAt'),
          width: 150,
          render: (_, m) => dayjs(m.updatedAt).format('YYYY-MM-DD HH:mm'),
        },
      ]}
      renderState={(m) => <ReviewStateTag state={m.reviewState} note={m.reviewNote} />}
      onPreview={setPreviewing}
      preview={
        previewing ? (
          <MessagePreviewModal
            id={previewing.id}
            title={previewing.name}
            onClose={() => setPreviewing(null)}
          />
        ) : null
      }
    />
  );
}
