import type { HomeActivity } from '@apm/contract';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRelativeTime } from '../../utils/use-relative-time';

/** Props of {@link RecentActivity}. */
export interface RecentActivityProps {
  activity: readonly HomeActivity[];
}

const LOG_TYPES = ['login', 'logout', 'create', 'update', 'delete', 'export', 'import', 'other'] as const;

/** The newest system-log entries in the user's range: who did what, how long ago, whether it worked. */
export function RecentActivity({ activity }: RecentActivityProps) {
  const { t } = useTranslation();
  const ago = useRelativeTime();
  return (
    <Card
      size="small"
      title={t('home.dashboard.activity')}
      extra={<Link to="/sys/log">{t('home.dashboard.allActivity')}</Link>}
      data-testid="home-activity"
    >
      {activity.length === 0 ? (
        <Empty description={t('home.dashboard.noActivity')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        // A plain list, not antd's List: that one brings pagination and the data-table chunk to
        // the home page for a handful of rows.
        <ul className="apm-home-activity">
          {activity.map((entry) => {
            const type = (LOG_TYPES as readonly string[]).includes(entry.type) ? entry.type : 'other';
            return (
              <li key={entry.id}>
                <Flex justify="space-between" gap={8} align="baseline">
                  {/* CSS ellipsis: antd's measures each row in layout effects at mount. */}
                  <span className="apm-ellipsis" style={{ minWidth: 0 }}>
                    <Tag color={entry.status < 400 ? 'green' : 'red'}>
                      {t(`home.dashboard.logTypes.${type as (typeof LOG_TYPES)[number]}`)}
                    </Tag>
                    <strong>{entry.username ?? '—'}</strong>{' '}
                    <Typography.Text type="secondary">
                      {entry.action.replace(/^\/apm-web/, '')}
                    </Typography.Text>
                  </span>
                  <Typography.Text type="secondary" style={{ flex: 'none' }}>
                    {ago(entry.at)}
                  </Typography.Text>
                </Flex>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
