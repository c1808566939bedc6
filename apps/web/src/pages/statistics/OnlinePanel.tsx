import type { OnlineTime, StatsGranularity } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Progress, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOnlineTime, statisticsKeys, type StatsPeriodParams } from '../../services/statistics';
import { ChartCard } from './ChartCard';
import { bucketLabel, percent, timeChartOption } from './chart-options';

/** Online rate over time and by institution (share of the time terminals could have been online). */
export function OnlinePanel({ params }: { params: StatsPeriodParams & { granularity: StatsGranularity } }) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const online = useQuery({
    queryKey: statisticsKeys.of('onlineTime', params),
    queryFn: ({ signal }) => getOnlineTime(params, signal),
  });
  const data: OnlineTime | undefined = online.data;
  const labels = (data?.series ?? []).map((p) =>
    bucketLabel(p.bucket, params.granularity, locale, params.timeZone),
  );
  const officeTable = (
    <Table
      size="small"
      rowKey="officeId"
      data-testid="stats-online-offices"
      pagination={{ pageSize: 8, hideOnSinglePage: true }}
      dataSource={data?.byOffice ?? []}
      locale={{ emptyText: t('noData') }}
      columns={[
        { key: 'office', title: t('columns.office'), dataIndex: 'officeName', ellipsis: true },
        { key: 'terminals', title: t('columns.terminals'), dataIndex: 'terminals', align: 'right' },
        { key: 'onlineNow', title: t('columns.onlineNow'), dataIndex: 'onlineNow', align: 'right' },
        {
          key: 'rate',
          title: t('columns.onlineRate'),
          width: 180,
          render: (_, r) => (
            <Progress
              percent={Math.round(r.onlineRate * 1000) / 10}
              size="small"
              format={() => percent(r.onlineRate, locale)}
              aria-label={`${r.officeName}: ${percent(r.onlineRate, locale)}`}
            />
          ),
        },
      ]}
    />
  );
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('charts.onlineOverTime')}
          loading={online.isLoading}
          empty={!data?.terminals}
          option={timeChartOption(
            labels,
            [
              {
                name: t('columns.onlineRate'),
                values: data?.series.map((p) => Math.round(p.rate * 1000) / 10) ?? [],
                kind: 'line',
              },
            ],
            t('charts.onlineOverTime'),
          )}
          table={
            <Table
              size="small"
              rowKey="bucket"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={data?.series ?? []}
              columns={[
                { key: 'bucket', title: t('columns.period'), render: (_, _r, i) => labels[i] },
                {
                  key: 'rate',
                  title: t('columns.onlineRate'),
                  align: 'right',
                  render: (_, r) => percent(r.rate, locale),
                },
              ]}
            />
          }
        />
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('online.title')} loading={online.isLoading}>
          {officeTable}
        </Card>
      </Col>
    </Row>
  );
}
