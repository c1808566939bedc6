import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { messageKeys, previewMessage } from '../../services/message';
import { apiUrl } from '../../services/request';
import { messageErrorText } from './message-errors';
import { KindTag, ReviewStateTag } from './MessageBits';

const MessagePreview = lazy(() => import('./MessagePreview'));

/** Props of {@link MessagePreviewModal}. */
export interface MessagePreviewModalProps {
  id: number;
  title: string;
  onClose(): void;
}

const when = (iso: string | null, fallback: string) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : fallback;

/** A message as saved (the version under review), drawn by the shared renderer (`messagePreview`). */
export function MessagePreviewModal({ id, title, onClose }: MessagePreviewModalProps) {
  const { t } = useTranslation('messages');
  const query = useQuery({
    queryKey: messageKeys.preview(id),
    queryFn: ({ signal }) => previewMessage(id, signal),
  });
  const m = query.data;
  return (
    <Modal
      open
      width={860}
      title={t('previewTitle', { name: title })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
      data-testid="message-preview-modal"
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={messageErrorText(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : !m ? (
        <Skeleton active />
      ) : (
        <>
          <Suspense fallback={<Skeleton active />}>
            <MessagePreview
              id={m.id}
              revision={m.revision}
              name={m.name}
              document={m.document}
              imageUrl={m.imageUrl ? apiUrl(m.imageUrl) : null}
            />
          </Suspense>
          <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('columns.kind')}>
              <KindTag kind={m.kind} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.reviewState')}>
              <ReviewStateTag state={m.reviewState} note={m.reviewNote} />
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.revision')}>{m.revision}</Descriptions.Item>
            <Descriptions.Item label={t('columns.priority')}>{m.document.priority}</Descriptions.Item>
            <Descriptions.Item label={t('form.validFrom')}>
              {when(m.document.validFrom, t('onArrival'))}
            </Descriptions.Item>
            <Descriptions.Item label={t('form.validUntil')}>
              {when(m.document.validUntil, t('untilStopped'))}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.maker')}>{m.creatorName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.terminals')}>{m.terminalCount}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
