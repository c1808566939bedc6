import type { StatsGranularity, WidgetActivity } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  getWidgetActivity,
  getWidgetNumber,
  statisticsKeys,
  type StatsPeriodParams,
} from '../../services/statistics';
import { ChartCard } from './ChartCard';
import { hours, timeChartOption } from './chart-options';

/** Widget types and their use in programs, widgets shown and widget touches by type. */
export function WidgetPanel({ params }: { params: StatsPeriodParams & { granularity: StatsGranularity } }) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const typeName = (type: string) => t(`widgetTypes.${type}`, { defaultValue: type });
  const number = useQuery({
    queryKey: statisticsKeys.of('widgetNumber', { officeId: params.officeId }),
    queryFn: ({ signal }) => getWidgetNumber({ officeId: params.officeId }, signal),
  });
  const use = useQuery({
    queryKey: statisticsKeys.of('widgetUse', params),
    queryFn: ({ signal }) => getWidgetActivity('widgetUse', params, signal),
  });
  const click = useQuery({
    queryKey: statisticsKeys.of('widgetClick', params),
    queryFn: ({ signal }) => getWidgetActivity('widgetClick', params, signal),
  });
  const activity = (title: string, q: typeof use, withSeconds: boolean) => {
    const d: WidgetActivity | undefined = q.data;
    return (
      <ChartCard
        title={title}
        loading={q.isLoading}
        empty={!d?.total}
        option={timeChartOption(
          (d?.byType ?? []).map((r) => typeName(r.type)),
          [{ name: t('columns.count'), values: (d?.byType ?? []).map((r) => r.count), kind: 'bar' }],
          title,
        )}
        table={
          <Table
            size="small"
            rowKey="type"
            pagination={false}
            dataSource={d?.byType ?? []}
            columns={[
              { key: 'type', title: t('columns.widgetType'), render: (_, r) => typeName(r.type) },
              { key: 'count', title: t('columns.count'), dataIndex: 'count', align: 'right' },
              ...(withSeconds
                ? [
                    {
                      key: 'hours',
                      title: t('columns.hours'),
                      align: 'right' as const,
                      render: (_: unknown, r: WidgetActivity['byType'][number]) => hours(r.seconds, locale),
                    },
                  ]
                : []),
            ]}
          />
        }
      />
    );
  };
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      <Col xs={24} xl={8}>
        <Card size="small" title={t('widgets.number')} loading={number.isLoading}>
          <Table
            size="small"
            rowKey="type"
            pagination={false}
            data-testid="stats-widget-number"
            dataSource={number.data ?? []}
            columns={[
              { key: 'type', title: t('columns.widgetType'), render: (_, r) => typeName(r.type) },
              {
                key: 'enabled',
                title: t('columns.enabled'),
                render: (_, r) => (
                  <Tag color={r.enabled ? 'green' : 'default'}>
                    {r.enabled ? t('widgets.yes') : t('widgets.no')}
                  </Tag>
                ),
              },
              { key: 'widgets', title: t('columns.widgets'), dataIndex: 'widgets', align: 'right' },
              { key: 'programs', title: t('columns.programs'), dataIndex: 'programs', align: 'right' },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        {activity(t('charts.widgetUse'), use, true)}
      </Col>
      <Col xs={24} xl={8}>
        {activity(t('charts.widgetClick'), click, false)}
      </Col>
    </Row>
  );
}
