import type { OrderSummary } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Progress,
  Row,
  Space,
  Spin,
  Statistic,
  Table,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerCenterKeys, getCustomerOverview } from '../../services/customer-center';
import { describeError, RequestError } from '../../services/request';
import { OrderStateTag, useMoney } from '../payment/order-format';

/** Share of a quota used, in percent (0 without a quota). */
const percent = (used: number, quota: number | null) =>
  quota ? Math.min(100, Math.round((used / quota) * 100)) : 0;

/**
 * `customer/center`: the caller's own institution — profile, storage and terminals used against its
 * quotas, service end date, widgets bought, latest orders — with links to buy more, its payments,
 * its brand and its domain name.
 */
export default function CustomerCenterPage() {
  const { t } = useTranslation('customerCenter');
  const money = useMoney();
  const query = useQuery({
    queryKey: customerCenterKeys.overview,
    queryFn: ({ signal }) => getCustomerOverview(signal),
  });
  if (query.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        message={query.error instanceof RequestError ? describeError(query.error) : String(query.error)}
      />
    );
  const o = query.data;
  const usage = (label: string, used: number, quota: number | null, unit: string, testId: string) => (
    <Card size="small" title={label}>
      <Statistic value={used} suffix={quota === null ? unit : `/ ${quota} ${unit}`} data-testid={testId} />
      {quota === null ? (
        <span>{t('noQuota')}</span>
      ) : (
        <Progress percent={percent(used, quota)} status={used >= quota ? 'exception' : 'normal'} />
      )}
    </Card>
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('title')}
        extra={
          <Space wrap>
            {o.links.purchase ? (
              <Link to="/service/purchase">
                <Button type="primary">{t('buyMore')}</Button>
              </Link>
            ) : null}
            {o.links.payment ? (
              <Link to="/service/payment">
                <Button>{t('payments')}</Button>
              </Link>
            ) : null}
            {o.links.brand ? (
              <Link to="/sys/personalized">
                <Button>{t('brand')}</Button>
              </Link>
            ) : null}
            {o.links.domain ? (
              <Link to="/sys/customer/doaminNameSetting">
                <Button>{t('domain')}</Button>
              </Link>
            ) : null}
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('name')}>{o.office.name}</Descriptions.Item>
          <Descriptions.Item label={t('seller')}>{o.office.sellerName ?? t('platform')}</Descriptions.Item>
          <Descriptions.Item label={t('contact')}>{o.office.contact ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('phone')}>{o.office.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('address')}>{o.office.address ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          {usage(t('storage'), o.storageMb.used, o.storageMb.quota, 'MiB', 'cc-storage')}
        </Col>
        <Col xs={24} md={12} xl={6}>
          {usage(t('terminals'), o.terminals.used, o.terminals.quota, '', 'cc-terminals')}
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('serviceEnds')}>
            {o.serviceEndsOn ? (
              <Statistic value={dayjs(o.serviceEndsOn).format('YYYY-MM-DD')} />
            ) : (
              <span>{t('noServicePeriod')}</span>
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={6}>
          <Card size="small" title={t('widgets')}>
            <Statistic value={o.widgetPackUnits} />
          </Card>
        </Col>
      </Row>
      <Card title={t('recentOrders')}>
        <Table<OrderSummary>
          rowKey="id"
          pagination={false}
          dataSource={o.recentOrders}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOrders')} /> }}
          columns={[
            { key: 'ref', title: t('reference'), dataIndex: 'paymentReference' },
            { key: 'service', title: t('service'), render: (_, r) => `${r.serviceName} × ${r.quantity}` },
            {
              key: 'total',
              title: t('total'),
              align: 'right',
              render: (_, r) => money(r.totalMinor, r.currency),
            },
            { key: 'state', title: t('state'), render: (_, r) => <OrderStateTag state={r.state} /> },
            {
              key: 'at',
              title: t('createdAt'),
              render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
