import type { HomeDashboard } from '@apm/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Props of {@link PlaysToday}. */
export interface PlaysTodayProps {
  plays: NonNullable<HomeDashboard['plays']>;
}

const BAR_W = 10;
const GAP = 2;
const HEIGHT = 48;

/** Hours in `h:mm`-free form for the chart's table alternative. */
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * Today's plays and their hours as a small bar strip (plain SVG: the home page stays light; the
 * statistics pages have the full charts). The strip has a text alternative listing busy hours.
 */
export function PlaysToday({ plays }: PlaysTodayProps) {
  const { t } = useTranslation();
  const max = Math.max(1, ...plays.byHour);
  const busy = plays.byHour
    .map((n, h) => ({ n, h }))
    .filter((x) => x.n > 0)
    .map((x) => `${hourLabel(x.h)} ${x.n}`)
    .join(', ');
  const width = 24 * (BAR_W + GAP);
  return (
    <Card
      size="small"
      title={<Link to="/stats/data">{t('home.dashboard.playsToday')}</Link>}
      data-testid="home-plays"
    >
      <Row gutter={16} align="middle">
        <Col xs={12} md={6}>
          <Statistic title={t('home.dashboard.plays')} value={plays.plays} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('home.dashboard.hoursPlayed')} value={(plays.seconds / 3600).toFixed(1)} />
        </Col>
        <Col xs={24} md={12}>
          <svg
            role="img"
            aria-label={`${t('home.dashboard.playsByHour')}: ${busy || t('home.dashboard.noPlaysYet')}`}
            viewBox={`0 0 ${width} ${HEIGHT}`}
            width="100%"
            height={HEIGHT}
            preserveAspectRatio="none"
          >
            {plays.byHour.map((n, h) => {
              const barHeight = n === 0 ? 1 : Math.max(3, Math.round((n / max) * HEIGHT));
              return (
                <rect
                  key={h}
                  x={h * (BAR_W + GAP)}
                  y={HEIGHT - barHeight}
                  width={BAR_W}
                  height={barHeight}
                  rx={2}
                  fill={n === 0 ? 'rgba(128,128,128,0.3)' : '#1677ff'}
                >
                  <title>{`${hourLabel(h)}: ${n}`}</title>
                </rect>
              );
            })}
          </svg>
        </Col>
      </Row>
    </Card>
  );
}
