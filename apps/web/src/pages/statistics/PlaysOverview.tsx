import type { PlaySummary, StatsGranularity } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getOnlineTime,
  getPlays,
  getTerminalCount,
  statisticsKeys,
  type PlayParams,
} from '../../services/statistics';
import { ChartCard } from './ChartCard';
import { bucketLabel, heatMapOption, hours, percent, timeChartOption } from './chart-options';
import { count, failureText, WEEKDAY_KEYS } from './stats-format';

/** Props of {@link PlaysOverview}. */
export interface PlaysOverviewProps {
  params: PlayParams & { granularity: StatsGranularity };
}

/**
 * KPI cards (terminals, online now, plays, hours played, online rate, terminals that played), plays
 * and hours over time, and the weekday × hour-of-day heat map, each chart with its table alternative.
 */
export function PlaysOverview({ params }: PlaysOverviewProps) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const plays = useQuery({
    queryKey: statisticsKeys.of('plays', params),
    queryFn: ({ signal }) => getPlays(params, signal),
  });
  const fleet = useQuery({
    queryKey: statisticsKeys.of('terminalCount', { officeId: params.officeId }),
    queryFn: ({ signal }) => getTerminalCount({ officeId: params.officeId }, signal),
  });
  const online = useQuery({
    queryKey: statisticsKeys.of('onlineTime', params),
    queryFn: ({ signal }) => getOnlineTime(params, signal),
  });
  const data: PlaySummary | undefined = plays.data;
  const labels = useMemo(
    () => (data?.series ?? []).map((p) => bucketLabel(p.bucket, params.granularity, locale, params.timeZone)),
    [data, params.granularity, params.timeZone, locale],
  );
  const weekdays = WEEKDAY_KEYS.map((k) => t(`weekdays.${k}`));
  const error = plays.error ?? fleet.error ?? online.error;
  const kpis: [string, string | number, string][] = [
    [t('kpi.terminals'), fleet.data ? count(fleet.data.total, locale) : '—', 'kpi-terminals'],
    [t('kpi.onlineNow'), fleet.data ? count(fleet.data.online, locale) : '—', 'kpi-online'],
    [t('kpi.plays'), data ? count(data.plays, locale) : '—', 'kpi-plays'],
    [t('kpi.hoursPlayed'), data ? hours(data.seconds, locale) : '—', 'kpi-hours'],
    [t('kpi.onlineRate'), online.data ? percent(online.data.onlineRate, locale) : '—', 'kpi-online-rate'],
    [t('kpi.playingTerminals'), data ? count(data.terminals, locale) : '—', 'kpi-playing'],
  ];
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { reason: failureText(error) })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {kpis.map(([title, value, testId]) => (
          <Col key={testId} xs={12} md={8} xl={4}>
            <Card size="small" loading={plays.isLoading || fleet.isLoading || online.isLoading}>
              <Statistic title={title} value={value} data-testid={testId} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} xl={14}>
          <ChartCard
            title={t('charts.playsOverTime')}
            testId="stats-plays-chart"
            loading={plays.isLoading}
            empty={!data?.plays}
            option={timeChartOption(
              labels,
              [
                { name: t('columns.plays'), values: data?.series.map((p) => p.plays) ?? [], kind: 'bar' },
                {
                  name: t('columns.hours'),
                  values: data?.series.map((p) => p.seconds / 3600) ?? [],
                  kind: 'line',
                },
              ],
              t('charts.playsOverTime'),
            )}
            table={
              <Table
                size="small"
                rowKey="bucket"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={data?.series ?? []}
                columns={[
                  { key: 'bucket', title: t('columns.period'), render: (_, _r, i) => labels[i] },
                  { key: 'plays', title: t('columns.plays'), dataIndex: 'plays', align: 'right' },
                  {
                    key: 'hours',
                    title: t('columns.hours'),
                    align: 'right',
                    render: (_, r) => hours(r.seconds, locale),
                  },
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            title={t('charts.heatMap')}
            testId="stats-heat-map"
            loading={plays.isLoading}
            empty={!data?.heatMap.length}
            option={heatMapOption(data?.heatMap ?? [], weekdays, t('charts.heatMap'))}
            table={
              <Table
                size="small"
                rowKey={(r) => `${r[0]}-${r[1]}`}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={data?.heatMap ?? []}
                columns={[
                  { key: 'weekday', title: t('columns.weekday'), render: (_, r) => weekdays[r[0] - 1] },
                  {
                    key: 'hour',
                    title: t('columns.hour'),
                    render: (_, r) => `${String(r[1]).padStart(2, '0')}:00`,
                  },
                  { key: 'plays', title: t('columns.plays'), align: 'right', render: (_, r) => r[2] },
                ]}
              />
            }
          />
        </Col>
      </Row>
    </>
  );
}
