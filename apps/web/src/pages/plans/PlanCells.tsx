import type { PlanSummary } from '@apm/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REVIEW_STATE_COLOR } from '../../components/admin/ReviewBulkActions';

/** Tag colour of each validity. */
const VALIDITY_COLOR: Record<PlanSummary['validity'], string> = {
  upcoming: 'blue',
  current: 'green',
  expired: 'default',
};

/** A plan's dates (earliest start – latest end of its entries) and its validity (`plans` messages). */
export function PlanDatesCell({ plan }: { plan: Pick<PlanSummary, 'startDate' | 'endDate' | 'validity'> }) {
  const { t } = useTranslation('plans');
  if (!plan.startDate) return <Typography.Text type="secondary">{t('noEntries')}</Typography.Text>;
  return (
    <Flex gap={6} align="center" wrap>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>
        {`${plan.startDate} – ${plan.endDate ?? t('noEnd')}`}
      </span>
      <Tag color={VALIDITY_COLOR[plan.validity]} data-testid="plan-validity">
        {t(`validities.${plan.validity}`)}
      </Tag>
    </Flex>
  );
}

/** A plan's review state as a tag, the reviewer's note in its tooltip (`plans` messages). */
export function PlanStateTag({ plan }: { plan: Pick<PlanSummary, 'reviewState' | 'reviewNote'> }) {
  const { t } = useTranslation('plans');
  const tag = (
    <Tag color={REVIEW_STATE_COLOR[plan.reviewState]} data-testid="plan-state" data-state={plan.reviewState}>
      {t(`states.${plan.reviewState}`)}
    </Tag>
  );
  return plan.reviewNote ? (
    <Tooltip title={t('reviewNote', { note: plan.reviewNote })}>
      <span data-testid="plan-review-note">{tag}</span>
    </Tooltip>
  ) : (
    tag
  );
}
