import { HOME_DASHBOARD_REFRESH_SECONDS } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getHomeDashboard } from '../../services/home';
import { useRelativeTime } from '../../utils/use-relative-time';
import { DashboardCards } from './DashboardCards';
import { PlaysToday } from './PlaysToday';
import { RecentActivity } from './RecentActivity';

/** The query key of the home dashboard (other pages may invalidate it after a write). */
export const HOME_DASHBOARD_KEY = ['home', 'dashboard'] as const;

/**
 * The live part of the home page: figures of the user's data range, refreshed every few seconds
 * while the page is shown (and when the window regains focus), without a reload.
 */
export function HomeDashboardSection() {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  const query = useQuery({
    queryKey: HOME_DASHBOARD_KEY,
    queryFn: ({ signal }) => getHomeDashboard(signal),
    refetchInterval: HOME_DASHBOARD_REFRESH_SECONDS * 1000,
  });
  if (query.isPending) {
    return (
      <Card aria-busy="true" aria-label={t('home.dashboard.loading')}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('home.dashboard.loadFailed')}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('home.retry')}
          </Button>
        }
      />
    );
  }
  const dashboard = query.data!;
  return (
    <Flex vertical gap={16} data-testid="home-dashboard">
      <Flex justify="flex-end">
        <Typography.Text type="secondary" aria-live="polite" data-testid="home-updated">
          {query.isError
            ? t('home.dashboard.stale')
            : t('home.dashboard.updated', { ago: ago(dashboard.generatedAt) })}
        </Typography.Text>
      </Flex>
      <DashboardCards dashboard={dashboard} />
      {dashboard.plays || dashboard.activity ? (
        <Row gutter={[16, 16]}>
          {dashboard.plays ? (
            <Col xs={24} xl={dashboard.activity ? 12 : 24}>
              <PlaysToday plays={dashboard.plays} />
            </Col>
          ) : null}
          {dashboard.activity ? (
            <Col xs={24} xl={dashboard.plays ? 12 : 24}>
              <RecentActivity activity={dashboard.activity} />
            </Col>
          ) : null}
        </Row>
      ) : null}
    </Flex>
  );
}
