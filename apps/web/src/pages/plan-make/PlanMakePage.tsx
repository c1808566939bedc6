import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Plan production: the play plan editor (`playPlan/planMake` in the shell, `/PlanMake` full screen). */
export default function PlanMakePage() {
  const { t } = useTranslation('planMake');
  return <Typography.Title level={3}>{t('title')}</Typography.Title>;
}
