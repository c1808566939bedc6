import type { MessageSortField, MessageSummary } from '@apm/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CellText } from '../../components/admin/TableCells';
import { DeliveryCounts, KindTag, ReviewStateTag, StatusTag } from './MessageBits';

/** Message production's address: a new message, or `id` to edit one. */
export const messageFormPath = (id?: number) => (id ? `/message/form?id=${id}` : '/message/form');

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

/** What {@link messageColumns} needs from the page. */
export interface MessageColumnsOptions {
  /** The messages namespace's and the common translations. */
  t: TFunction<'messages'>;
  tc: TFunction;
  /** The recycle bin is shown (names are not links to the form). */
  bin: boolean;
  canEdit: boolean;
  sortOrderOf(field: MessageSortField): SortOrder;
  onDelivery(row: MessageSummary): void;
  actions(row: MessageSummary): ReactNode;
}

/** The message list's columns: name (to the form), kind, text, status, review, delivery, priority, validity, dates, actions. */
export function messageColumns(options: MessageColumnsOptions): ColumnsType<MessageSummary> {
  const { t, tc, bin, canEdit, sortOrderOf, onDelivery, actions } = options;
  return [
    {
      key: 'name',
      title: t('columns.name'),
      width: 200,
      fixed: 'left',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, r) =>
        !bin && canEdit ? (
          <Link
            to={messageFormPath(r.id)}
            title={r.name}
            data-testid="message-open"
            style={{
              display: 'block',
              maxWidth: 168,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {r.name}
          </Link>
        ) : (
          <CellText text={r.name} testId="message-name" />
        ),
    },
    { key: 'kind', title: t('columns.kind'), width: 100, render: (_, r) => <KindTag kind={r.kind} /> },
    {
      key: 'excerpt',
      title: t('columns.text'),
      width: 200,
      render: (_, r) => <CellText text={r.excerpt} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      width: 100,
      render: (_, r) => <StatusTag status={r.status} />,
    },
    {
      key: 'reviewState',
      title: t('columns.reviewState'),
      width: 120,
      render: (_, r) => <ReviewStateTag state={r.reviewState} note={r.reviewNote} />,
    },
    {
      key: 'delivery',
      title: t('columns.delivery'),
      width: 190,
      render: (_, r) =>
        r.sentAt ? (
          <Button
            type="link"
            size="small"
            onClick={() => onDelivery(r)}
            data-testid="message-delivery"
            style={{ paddingInline: 0 }}
          >
            <DeliveryCounts counts={r.delivery} total={r.terminalCount} />
          </Button>
        ) : (
          t('notSent', { count: r.terminalCount })
        ),
    },
    {
      key: 'priority',
      title: t('columns.priority'),
      dataIndex: 'priority',
      width: 90,
      sorter: true,
      sortOrder: sortOrderOf('priority'),
    },
    {
      key: 'validUntil',
      title: t('columns.validity'),
      width: 230,
      sorter: true,
      sortOrder: sortOrderOf('validUntil'),
      render: (_, r) =>
        `${r.validFrom ? when(r.validFrom) : t('onArrival')} – ${r.validUntil ? when(r.validUntil) : t('untilStopped')}`,
    },
    {
      key: 'sentAt',
      title: t('columns.sentAt'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('sentAt'),
      render: (_, r) => when(r.sentAt),
    },
    {
      key: 'updatedAt',
      title: tc('common.updatedAt'),
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf('updatedAt'),
      render: (_, r) => when(r.updatedAt),
    },
    {
      key: 'actions',
      title: tc('common.actions'),
      width: 330,
      render: (_, r) => actions(r),
    },
  ];
}
