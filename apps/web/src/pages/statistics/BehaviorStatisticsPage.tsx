import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AudiencePanel } from './AudiencePanel';
import { LoginPanel } from './LoginPanel';
import { StatsFilterBar } from './StatsFilterBar';
import { useStatsFilters } from './use-stats-filters';
import { WidgetPanel } from './WidgetPanel';

/**
 * `stats/behavior`: how the caller's range is used — sign-ins (over time, by hour, user and
 * device), widgets (in programs, shown, touched), audiences counted by camera terminals and the
 * terminals' startup rate.
 */
export default function BehaviorStatisticsPage() {
  const { t } = useTranslation('statistics');
  const { filters, setFilters, params } = useStatsFilters();
  return (
    <Card title={t('behaviorTitle')} data-testid="stats-behavior-page">
      <StatsFilterBar value={filters} onChange={setFilters} />
      <Typography.Title level={5}>{t('logins.title')}</Typography.Title>
      <LoginPanel params={params} />
      <Typography.Title level={5}>{t('widgets.title')}</Typography.Title>
      <WidgetPanel params={params} />
      <Typography.Title level={5}>{t('audience.title')}</Typography.Title>
      <AudiencePanel params={params} />
    </Card>
  );
}
