import { FilePdfOutlined } from '@ant-design/icons';
import { GAP_REASONS, RECONCILE_MAX_DAYS, type ReconcileTerminal } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { downloadCampaignReport, getReconcile, statisticsKeys } from '../../services/statistics';
import { hours, percent } from './chart-options';
import { periodProblem, type Period } from './period';
import { StatsOptionSelect } from './StatsOptionSelect';
import { failureText } from './stats-format';

const REASON_COLORS = {
  notDelivered: 'purple',
  offline: 'red',
  otherContent: 'gold',
  unknown: 'default',
} as const;

/**
 * Scheduled vs played for one plan or program over the filters' period (at most 31 days): totals,
 * a page of its terminals with share played and time not played by reason, each row expandable to
 * its gaps; the campaign's PDF report.
 */
export function ReconcilePanel({
  period,
  officeId,
  timeZone,
}: {
  period: Period;
  officeId?: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation('statistics');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const locale = i18n.language;
  const [kind, setKind] = useState<'plan' | 'program'>('program');
  const [campaignId, setCampaignId] = useState<number>();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [downloading, setDownloading] = useState(false);
  const problem = periodProblem(period, RECONCILE_MAX_DAYS);
  const params = {
    from: period[0].toISOString(),
    to: period[1].toISOString(),
    ...(kind === 'plan' ? { planId: campaignId } : { programId: campaignId }),
    ...(officeId !== undefined ? { officeId } : {}),
    ...paging,
  };
  const result = useQuery({
    queryKey: statisticsKeys.of('reconcile', params),
    queryFn: ({ signal }) => getReconcile(params, signal),
    enabled: campaignId !== undefined && !problem,
    placeholderData: keepPreviousData,
  });
  const onReport = async () => {
    setDownloading(true);
    try {
      const { pageNo: _p, pageSize: _s, ...query } = params;
      const name = await downloadCampaignReport({ ...query, timeZone });
      void message.success(t('export.done', { name }));
    } catch (failure) {
      void message.error(t('export.failed', { reason: failureText(failure) }));
    } finally {
      setDownloading(false);
    }
  };
  const data = result.data;
  const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
  return (
    <Card
      size="small"
      title={t('reconcile.title')}
      style={{ marginBottom: 12 }}
      extra={
        <Authorized permission="stats:export">
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            disabled={campaignId === undefined || !!problem}
            loading={downloading}
            onClick={() => void onReport()}
            data-testid="stats-report-pdf"
          >
            {t('reconcile.report')}
          </Button>
        </Authorized>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('reconcile.hint', { days: RECONCILE_MAX_DAYS })}
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('reconcile.kind')}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as 'plan' | 'program');
              setCampaignId(undefined);
            }}
            options={[
              { value: 'program', label: t('reconcile.program') },
              { value: 'plan', label: t('reconcile.plan') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <StatsOptionSelect
            key={kind}
            kind={kind === 'plan' ? 'plans' : 'programs'}
            width={260}
            value={campaignId}
            onChange={(id) => {
              setCampaignId(id);
              setPaging((p) => ({ ...p, pageNo: 1 }));
            }}
            placeholder={t('reconcile.choose')}
            ariaLabel={t('reconcile.choose')}
            testId="stats-reconcile-campaign"
          />
        </Form.Item>
      </Form>
      {problem ? (
        <Alert type="warning" showIcon title={t('periodTooLong', { days: RECONCILE_MAX_DAYS })} />
      ) : null}
      {result.error ? (
        <Alert type="error" showIcon title={t('loadFailed', { reason: failureText(result.error) })} />
      ) : null}
      {data ? (
        <Space wrap style={{ marginBottom: 8 }} data-testid="stats-reconcile-totals">
          <Typography.Text strong>
            {t('reconcile.totals', {
              scheduled: hours(data.scheduledSeconds, locale),
              played: hours(data.playedSeconds, locale),
              share: percent(data.share, locale),
            })}
          </Typography.Text>
          {GAP_REASONS.map((r) => (
            <Tag key={r} color={REASON_COLORS[r]}>
              {t(`reconcile.reasons.${r}`)}: {hours(data.gapSeconds[r] ?? 0, locale)} h
            </Tag>
          ))}
        </Space>
      ) : null}
      {campaignId !== undefined && !problem ? (
        <Table<ReconcileTerminal>
          size="small"
          rowKey="terminalId"
          loading={result.isFetching}
          dataSource={data?.list ?? []}
          locale={{ emptyText: t('reconcile.noTerminals') }}
          pagination={{
            current: paging.pageNo,
            pageSize: paging.pageSize,
            total: data?.count ?? 0,
            showTotal: (total) => tc('common.total', { total }),
          }}
          onChange={(p) => setPaging({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
          expandable={{
            rowExpandable: (r) => r.gaps.length > 0,
            expandedRowRender: (r) => (
              <Table
                size="small"
                rowKey="start"
                pagination={false}
                dataSource={r.gaps}
                columns={[
                  {
                    key: 'start',
                    title: t('columns.period'),
                    render: (_, g) => `${when(g.start)} – ${when(g.end)}`,
                  },
                  {
                    key: 'reason',
                    title: t('reconcile.gapList'),
                    render: (_, g) => (
                      <Tag color={REASON_COLORS[g.reason]}>{t(`reconcile.reasons.${g.reason}`)}</Tag>
                    ),
                  },
                ]}
              />
            ),
          }}
          columns={[
            { key: 'name', title: t('columns.terminal'), dataIndex: 'name', ellipsis: true },
            {
              key: 'scheduled',
              title: t('columns.scheduled'),
              align: 'right',
              render: (_, r) => hours(r.scheduledSeconds, locale),
            },
            {
              key: 'played',
              title: t('columns.played'),
              align: 'right',
              render: (_, r) => hours(r.playedSeconds, locale),
            },
            {
              key: 'share',
              title: t('columns.share'),
              align: 'right',
              render: (_, r) => percent(r.share, locale),
            },
            {
              key: 'gaps',
              title: t('columns.gaps'),
              render: (_, r) =>
                GAP_REASONS.filter((k) => (r.gapSeconds[k] ?? 0) > 0).map((k) => (
                  <Tag key={k} color={REASON_COLORS[k]}>
                    {t(`reconcile.reasons.${k}`)} {hours(r.gapSeconds[k]!, locale)}
                  </Tag>
                )),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
