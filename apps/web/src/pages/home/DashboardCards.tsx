import type { HomeDashboard } from '@apm/contract';
import { formatBytes } from '@apm/contract';
import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Props of {@link DashboardCards}. */
export interface DashboardCardsProps {
  dashboard: HomeDashboard;
}

const REVIEW_PATHS = {
  material: '/review/material',
  program: '/publishProgram/checklist',
  plan: '/playPlan/checklist',
  message: '/review/message',
} as const;

function LinkedCard({
  to,
  title,
  children,
  testId,
}: {
  to: string;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card size="small" title={<Link to={to}>{title}</Link>} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

/** The dashboard's figure cards: terminals, alarms, reviews waiting and storage; sections absent for the user are left out. */
export function DashboardCards({ dashboard }: DashboardCardsProps) {
  const { t } = useTranslation();
  const { terminals, alarms, reviews, storage } = dashboard;
  const cards: ReactNode[] = [];
  if (terminals) {
    cards.push(
      <LinkedCard
        key="terminals"
        to="/terminalMonitor/monitor"
        title={t('home.dashboard.terminals')}
        testId="home-terminals"
      >
        <Row gutter={8}>
          <Col span={8}>
            <Statistic
              title={t('home.dashboard.online')}
              value={terminals.online}
              valueStyle={{ color: '#389e0d' }}
            />
          </Col>
          <Col span={8}>
            <Statistic title={t('home.dashboard.offline')} value={terminals.offline} />
          </Col>
          <Col span={8}>
            <Statistic
              title={t('home.dashboard.abnormal')}
              value={terminals.abnormal}
              valueStyle={terminals.abnormal > 0 ? { color: '#cf1322' } : undefined}
            />
          </Col>
        </Row>
        {terminals.pending > 0 ? (
          <Typography.Text type="secondary">
            {t('home.dashboard.pending', { count: terminals.pending })}
          </Typography.Text>
        ) : null}
      </LinkedCard>,
    );
  }
  if (alarms) {
    cards.push(
      <LinkedCard
        key="alarms"
        to="/abnormalAlarm/abnormalAlarmList"
        title={t('home.dashboard.alarms')}
        testId="home-alarms"
      >
        <Row gutter={8}>
          <Col span={12}>
            <Statistic
              title={t('home.dashboard.alarmsOpen')}
              value={alarms.open}
              valueStyle={alarms.open > 0 ? { color: '#cf1322' } : undefined}
            />
          </Col>
          <Col span={12}>
            <Statistic title={t('home.dashboard.alarmsNew')} value={alarms.unacknowledged} />
          </Col>
        </Row>
      </LinkedCard>,
    );
  }
  if (reviews) {
    const kinds = (Object.keys(REVIEW_PATHS) as (keyof typeof REVIEW_PATHS)[]).filter(
      (k) => reviews[k] !== undefined,
    );
    cards.push(
      <Card
        key="reviews"
        size="small"
        title={t('home.dashboard.reviews')}
        data-testid="home-reviews"
        style={{ height: '100%' }}
      >
        <Row gutter={8}>
          {kinds.map((kind) => (
            <Col key={kind} span={Math.max(6, Math.floor(24 / kinds.length))}>
              <Link to={REVIEW_PATHS[kind]}>
                <Statistic title={t(`home.dashboard.review.${kind}`)} value={reviews[kind]} />
              </Link>
            </Col>
          ))}
        </Row>
      </Card>,
    );
  }
  if (storage) {
    const percent = storage.quotaBytes
      ? Math.min(100, Math.round((storage.usedBytes / storage.quotaBytes) * 100))
      : null;
    cards.push(
      <LinkedCard
        key="storage"
        to="/resManage/myRes"
        title={t('home.dashboard.storage')}
        testId="home-storage"
      >
        <Statistic value={formatBytes(storage.usedBytes)} />
        {percent === null ? (
          <Typography.Text type="secondary">{t('home.dashboard.noQuota')}</Typography.Text>
        ) : (
          <>
            <Progress
              percent={percent}
              status={percent >= 90 ? 'exception' : 'normal'}
              aria-label={t('home.dashboard.storage')}
            />
            <Typography.Text type="secondary">
              {t('home.dashboard.ofQuota', { quota: formatBytes(storage.quotaBytes!) })}
            </Typography.Text>
          </>
        )}
      </LinkedCard>,
    );
  }
  if (cards.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card, i) => (
        <Col key={i} xs={24} sm={12} xl={6}>
          {card}
        </Col>
      ))}
    </Row>
  );
}
