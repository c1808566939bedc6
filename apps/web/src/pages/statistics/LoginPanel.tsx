import type { StatsGranularity } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Row, Space, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import {
  exportLogins,
  getLoginActivity,
  statisticsKeys,
  type StatsPeriodParams,
} from '../../services/statistics';
import { ChartCard } from './ChartCard';
import { bucketLabel, hourBarsOption, pieOption, timeChartOption } from './chart-options';
import { count, failureText } from './stats-format';

/** Sign-ins of the range's users: totals, over time, by hour of day, by user and by device. */
export function LoginPanel({ params }: { params: StatsPeriodParams & { granularity: StatsGranularity } }) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const logins = useQuery({
    queryKey: statisticsKeys.of('loginActivity', params),
    queryFn: ({ signal }) => getLoginActivity(params, signal),
  });
  const d = logins.data;
  const labels = (d?.series ?? []).map((p) =>
    bucketLabel(p.bucket, params.granularity, locale, params.timeZone),
  );
  const hourRows = (d?.byHour ?? []).map((n, hour) => ({ hour, n }));
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const onExport = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      void message.success(t('export.done', { name: await exportLogins({ ...params, format }) }));
    } catch (failure) {
      void message.error(t('export.failed', { reason: failureText(failure) }));
    } finally {
      setExporting(null);
    }
  };
  const exportButtons = (
    <Space>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Authorized key={format} permission="stats:behavior:export">
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={exporting === format}
            onClick={() => void onExport(format)}
            data-testid={`stats-logins-export-${format}`}
          >
            {t(`export.${format}`)}
          </Button>
        </Authorized>
      ))}
    </Space>
  );
  return (
    <>
      {logins.error ? (
        <Alert type="error" showIcon title={t('loadFailed', { reason: failureText(logins.error) })} />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {(['total', 'succeeded', 'failed', 'users'] as const).map((k) => (
          <Col key={k} xs={12} md={6}>
            <Card size="small" loading={logins.isLoading}>
              <Statistic
                title={t(`logins.${k}`)}
                value={d ? count(d[k], locale) : '—'}
                data-testid={`stats-logins-${k}`}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('charts.loginsOverTime')}
            loading={logins.isLoading}
            empty={!d?.total}
            option={timeChartOption(
              labels,
              [
                { name: t('logins.succeeded'), values: d?.series.map((p) => p.succeeded) ?? [], kind: 'bar' },
                { name: t('logins.failed'), values: d?.series.map((p) => p.failed) ?? [], kind: 'bar' },
              ],
              t('charts.loginsOverTime'),
            )}
            table={
              <Table
                size="small"
                rowKey="bucket"
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                dataSource={d?.series ?? []}
                columns={[
                  { key: 'bucket', title: t('columns.period'), render: (_, _r, i) => labels[i] },
                  { key: 'succeeded', title: t('columns.succeeded'), dataIndex: 'succeeded', align: 'right' },
                  { key: 'failed', title: t('columns.failed'), dataIndex: 'failed', align: 'right' },
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('charts.loginsByHour')}
            loading={logins.isLoading}
            empty={!d?.total}
            option={hourBarsOption(d?.byHour ?? [], t('logins.total'), t('charts.loginsByHour'))}
            table={
              <Table
                size="small"
                rowKey="hour"
                pagination={{ pageSize: 12, hideOnSinglePage: true }}
                dataSource={hourRows}
                columns={[
                  {
                    key: 'hour',
                    title: t('columns.hour'),
                    render: (_, r) => `${String(r.hour).padStart(2, '0')}:00`,
                  },
                  { key: 'n', title: t('columns.count'), dataIndex: 'n', align: 'right' },
                ]}
              />
            }
          />
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('logins.byUser')} loading={logins.isLoading} extra={exportButtons}>
            <Table
              size="small"
              rowKey={(r) => `${r.userId ?? ''}-${r.username}`}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={d?.byUser ?? []}
              locale={{ emptyText: t('noData') }}
              data-testid="stats-logins-by-user"
              columns={[
                { key: 'user', title: t('columns.user'), dataIndex: 'username' },
                { key: 'succeeded', title: t('columns.succeeded'), dataIndex: 'succeeded', align: 'right' },
                { key: 'failed', title: t('columns.failed'), dataIndex: 'failed', align: 'right' },
                {
                  key: 'lastAt',
                  title: t('columns.lastAt'),
                  render: (_, r) => dayjs(r.lastAt).format('YYYY-MM-DD HH:mm'),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <ChartCard
            title={t('charts.devices')}
            loading={logins.isLoading}
            empty={!d?.byDevice.length}
            option={pieOption(
              (d?.byDevice ?? []).map((x) => ({ name: x.name, value: x.count })),
              t('charts.devices'),
            )}
            table={
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                dataSource={d?.byDevice ?? []}
                columns={[
                  { key: 'device', title: t('columns.device'), dataIndex: 'name' },
                  { key: 'count', title: t('columns.count'), dataIndex: 'count', align: 'right' },
                ]}
              />
            }
          />
        </Col>
      </Row>
    </>
  );
}
