import type { PlanSummary } from '@apm/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../components/admin/TableCells';
import { ReviewLayout, reviewTestIds } from '../../components/review/ReviewLayout';
import { approvePlans, listPlanReviews, rejectPlans } from '../../services/plans';
import { PlanDatesCell, PlanStateTag } from '../plans/PlanCells';
import { PlanPreviewDrawer } from './PlanPreviewDrawer';

/** `playPlan/checklist`: plans waiting for review, their next 7 days previewed, approved or rejected with a note. */
export default function PlanReviewPage() {
  const { t } = useTranslation('planReview');
  const { t: tc } = useTranslation();
  const [previewing, setPreviewing] = useState<PlanSummary | null>(null);
  return (
    <ReviewLayout<PlanSummary, object>
      namespace="planReview"
      kind="plan"
      permission="review:plan:review"
      testIds={reviewTestIds('plan-review')}
      queue={{
        domain: 'plans',
        filters: {},
        fetch: listPlanReviews,
        approve: approvePlans,
        reject: rejectPlans,
      }}
      stateWidth={150}
      columns={[
        { key: 'entries', title: t('entries'), width: 80, dataIndex: 'entryCount' },
        { key: 'dates', title: t('dates'), width: 210, render: (_, p) => <PlanDatesCell plan={p} /> },
        { key: 'maker', title: t('maker'), width: 130, render: (_, p) => <CellText text={p.creatorName} /> },
        { key: 'office', title: t('office'), width: 150, render: (_, p) => <CellText text={p.officeName} /> },
        {
          key: 'updatedAt',
          title: tc('common.updatedAt'),
          width: 150,
          render: (_, p) => dayjs(p.updatedAt).format('YYYY-MM-DD HH:mm'),
        },
      ]}
      renderState={(p) => <PlanStateTag plan={p} />}
      onPreview={setPreviewing}
      preview={
        previewing ? <PlanPreviewDrawer plan={previewing} onClose={() => setPreviewing(null)} /> : null
      }
    />
  );
}
