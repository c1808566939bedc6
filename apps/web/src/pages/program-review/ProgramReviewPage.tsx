import { formatBytes, type ProgramSummary } from '@apm/contract';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATE_COLOR } from '../../components/admin/ReviewBulkActions';
import { ReviewLayout, reviewTestIds } from '../../components/review/ReviewLayout';
import { ProgramPreviewModal } from '../../components/ProgramPreviewModal';
import { approvePrograms, listProgramReviews, rejectPrograms } from '../../services/program';
import { resolutionText } from '../programs/canvas-size';

/** `publishProgram/checklist`: programs waiting for review, played in a preview, approved or rejected with a note. */
export default function ProgramReviewPage() {
  const { t } = useTranslation('programReview');
  const { t: tc } = useTranslation();
  const [previewing, setPreviewing] = useState<ProgramSummary | null>(null);
  return (
    <ReviewLayout<ProgramSummary, object>
      namespace="programReview"
      kind="program"
      permission="review:program:review"
      testIds={reviewTestIds('program-review', {
        name: 'program-review-preview',
        preview: 'program-review-play',
      })}
      queue={{
        domain: 'program',
        filters: {},
        fetch: listProgramReviews,
        approve: approvePrograms,
        reject: rejectPrograms,
      }}
      columns={[
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
      ]}
      renderState={(p) => (
        <Tag color={REVIEW_STATE_COLOR[p.reviewState]} title={p.reviewNote ?? undefined}>
          {t(`states.${p.reviewState}`)}
        </Tag>
      )}
      onPreview={setPreviewing}
      preview={
        previewing ? (
          <ProgramPreviewModal
            id={previewing.id}
            title={previewing.name}
            onClose={() => setPreviewing(null)}
          />
        ) : null
      }
    />
  );
}
