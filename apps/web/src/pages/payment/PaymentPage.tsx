import { ORDER_STATES, type OrderSortField, type OrderState, type OrderSummary } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Statistic, Table, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { useServerTable } from '../../components/admin/use-server-table';
import { getBalance, listOrders, paymentKeys, type OrderListParams } from '../../services/payment';
import { LedgerTable } from './LedgerTable';
import { OrderDrawer } from './OrderDrawer';
import { OrderStateTag, useMoney } from './order-format';

const SORTABLE: readonly OrderSortField[] = ['createdAt', 'totalMinor', 'state', 'customerName'];

/**
 * `service/payment`: the payment centre — orders of the caller's scope searched, filtered, sorted
 * and paged on the server, the balance of paid, refunded and owed amounts, and each order's details
 * where the buyer cancels and the seller's finance confirms transfers, fulfils and refunds.
 */
export default function PaymentPage() {
  const { t } = useTranslation('payment');
  const { t: tc } = useTranslation();
  const money = useMoney();
  const table = useServerTable<OrderSummary, OrderListParams, { keyword?: string; state?: OrderState }>({
    queryKey: paymentKeys.orders,
    fetch: listOrders,
    sortable: SORTABLE,
  });
  const { sortOrderOf } = table;
  const balance = useQuery({ queryKey: paymentKeys.balance, queryFn: ({ signal }) => getBalance(signal) });
  const [openId, setOpenId] = useState<number | null>(null);

  const ordersPane = (
    <>
      <ListFilterBar
        table={table}
        name="orderSearch"
        keyword={{ placeholder: t('keywordHint'), testId: 'order-search-keyword' }}
        selects={[
          {
            name: 'state',
            label: t('state'),
            width: 160,
            options: ORDER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          },
        ]}
        searchTestId="order-search"
      />
      <Table<OrderSummary>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOrders')} /> }}
        columns={[
          { key: 'ref', title: t('reference'), dataIndex: 'paymentReference', width: 170 },
          {
            key: 'customerName',
            title: t('customer'),
            dataIndex: 'customerName',
            sorter: true,
            sortOrder: sortOrderOf('customerName'),
            ellipsis: true,
          },
          { key: 'seller', title: t('seller'), dataIndex: 'sellerName', ellipsis: true },
          {
            key: 'service',
            title: t('service'),
            render: (_, r) => `${r.serviceName} × ${r.quantity}`,
            ellipsis: true,
          },
          {
            key: 'totalMinor',
            title: t('total'),
            align: 'right',
            sorter: true,
            sortOrder: sortOrderOf('totalMinor'),
            render: (_, r) => money(r.totalMinor, r.currency),
          },
          {
            key: 'state',
            title: t('state'),
            sorter: true,
            sortOrder: sortOrderOf('state'),
            render: (_, r) => <OrderStateTag state={r.state} />,
          },
          { key: 'invoice', title: t('invoice'), render: (_, r) => r.invoiceNumber ?? '—' },
          {
            key: 'createdAt',
            title: t('createdAt'),
            sorter: true,
            sortOrder: sortOrderOf('createdAt'),
            render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 100,
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => setOpenId(r.id)} data-testid="order-details">
                {t('details')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );

  return (
    <Card title={t('title')}>
      <Space wrap size={32} style={{ marginBottom: 16 }} data-testid="payment-balance">
        {(balance.data?.currencies ?? []).map((c) => (
          <Space key={c.currency} size={24}>
            <Statistic title={`${t('paid')} (${c.currency})`} value={money(c.paidMinor, c.currency)} />
            <Statistic
              title={`${t('refunded')} (${c.currency})`}
              value={money(c.refundedMinor, c.currency)}
            />
            <Statistic title={`${t('owed')} (${c.currency})`} value={money(c.owedMinor, c.currency)} />
          </Space>
        ))}
      </Space>
      <Tabs
        items={[
          { key: 'orders', label: t('ordersTab'), children: ordersPane },
          { key: 'ledger', label: t('ledgerTab'), children: <LedgerTable /> },
        ]}
      />
      {openId !== null ? <OrderDrawer orderId={openId} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}
