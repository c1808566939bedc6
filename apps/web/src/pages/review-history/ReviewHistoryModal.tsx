import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Modal, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getReviewHistory, type ReviewKind, type ReviewStep } from '../../services/review';

/** Props of {@link ReviewHistoryModal}. */
export interface ReviewHistoryModalProps {
  kind: ReviewKind;
  id: number;
  name: string;
  onClose(): void;
}

const COLOR: Record<ReviewStep['action'], string> = {
  submitted: 'blue',
  resubmitted: 'blue',
  approved: 'green',
  autoApproved: 'green',
  rejected: 'red',
};

/** The review history of one item, oldest first: who did what, when, on which revision, with which note. */
export function ReviewHistoryModal({ kind, id, name, onClose }: ReviewHistoryModalProps) {
  const { t } = useTranslation('reviewHistory');
  const history = useQuery({
    queryKey: ['review', 'history', kind, id],
    queryFn: ({ signal }) => getReviewHistory(kind, id, signal),
  });
  const steps = history.data ?? [];
  return (
    <Modal open title={t('title', { name })} onCancel={onClose} footer={null} width={560}>
      <div data-testid="review-history">
        {history.isPending ? (
          <Spin />
        ) : history.isError ? (
          <Alert type="error" showIcon message={t('loadFailed')} />
        ) : steps.length === 0 ? (
          <Empty description={t('empty')} />
        ) : (
          <Timeline
            style={{ marginTop: 12 }}
            items={steps.map((step) => ({
              color: COLOR[step.action],
              children: (
                <div data-testid="review-history-step" data-action={step.action}>
                  <Tag color={COLOR[step.action]}>{t(`actions.${step.action}`)}</Tag>
                  {step.revision !== null ? (
                    <Typography.Text type="secondary">
                      {t('revision', { revision: step.revision })}
                    </Typography.Text>
                  ) : null}
                  <div>
                    {step.actorName ?? t('system')} · {dayjs(step.createdAt).format('YYYY-MM-DD HH:mm')}
                  </div>
                  {step.note ? (
                    <Typography.Paragraph style={{ margin: 0 }}>{step.note}</Typography.Paragraph>
                  ) : null}
                </div>
              ),
            }))}
          />
        )}
      </div>
    </Modal>
  );
}
