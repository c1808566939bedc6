import type { StatsGranularity } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  getHeadCount,
  getStartupRate,
  statisticsKeys,
  type StatsPeriodParams,
} from '../../services/statistics';
import { ChartCard } from './ChartCard';
import { bucketLabel, hourBarsOption, percent, timeChartOption } from './chart-options';
import { count } from './stats-format';

/** People counted by camera terminals (over time, by hour, by terminal) and the startup rate. */
export function AudiencePanel({ params }: { params: StatsPeriodParams & { granularity: StatsGranularity } }) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const heads = useQuery({
    queryKey: statisticsKeys.of('headCount', params),
    queryFn: ({ signal }) => getHeadCount(params, signal),
  });
  const startup = useQuery({
    queryKey: statisticsKeys.of('startupRate', params),
    queryFn: ({ signal }) => getStartupRate(params, signal),
  });
  const h = heads.data;
  const s = startup.data;
  const label = (iso: string) => bucketLabel(iso, params.granularity, locale, params.timeZone);
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('charts.headCountOverTime')}
          loading={heads.isLoading}
          empty={!h?.total}
          extra={
            <Statistic value={h ? count(h.total, locale) : '—'} styles={{ content: { fontSize: 14 } }} />
          }
          option={timeChartOption(
            (h?.series ?? []).map((p) => label(p.bucket)),
            [{ name: t('columns.people'), values: h?.series.map((p) => p.value) ?? [], kind: 'bar' }],
            t('charts.headCountOverTime'),
          )}
          table={
            <Table
              size="small"
              rowKey="bucket"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={h?.series ?? []}
              columns={[
                { key: 'bucket', title: t('columns.period'), render: (_, r) => label(r.bucket) },
                { key: 'value', title: t('columns.people'), dataIndex: 'value', align: 'right' },
              ]}
            />
          }
        />
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('charts.headCountByHour')}
          loading={heads.isLoading}
          empty={!h?.total}
          option={hourBarsOption(h?.byHour ?? [], t('columns.people'), t('charts.headCountByHour'))}
          table={
            <Table
              size="small"
              rowKey="terminalId"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={h?.byTerminal ?? []}
              columns={[
                { key: 'name', title: t('columns.terminal'), dataIndex: 'name' },
                { key: 'count', title: t('columns.people'), dataIndex: 'count', align: 'right' },
              ]}
            />
          }
        />
      </Col>
      <Col xs={24}>
        <ChartCard
          title={t('charts.startupOverTime')}
          loading={startup.isLoading}
          empty={!s?.terminals}
          extra={
            <span data-testid="stats-startup-rate">
              {s ? `${t('startup.rate')}: ${percent(s.rate, locale)}` : null}{' '}
            </span>
          }
          option={timeChartOption(
            (s?.series ?? []).map((p) => label(p.bucket)),
            [{ name: t('columns.started'), values: s?.series.map((p) => p.started) ?? [], kind: 'bar' }],
            t('charts.startupOverTime'),
          )}
          table={
            <Table
              size="small"
              rowKey="bucket"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={s?.series ?? []}
              columns={[
                { key: 'bucket', title: t('columns.period'), render: (_, r) => label(r.bucket) },
                { key: 'started', title: t('columns.started'), dataIndex: 'started', align: 'right' },
                {
                  key: 'rate',
                  title: t('columns.rate'),
                  align: 'right',
                  render: (_, r) => percent(r.rate, locale),
                },
              ]}
            />
          }
        />
      </Col>
    </Row>
  );
}
