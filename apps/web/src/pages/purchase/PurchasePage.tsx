import {
  SERVICE_KINDS,
  type OrderDetail,
  type ServiceKind,
  type ServiceProduct,
  type ServiceSortField,
} from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, InputNumber, Modal, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { useServerTable } from '../../components/admin/use-server-table';
import { customerCenterKeys } from '../../services/customer-center';
import { paymentKeys } from '../../services/payment';
import { listServices, placeOrder, purchaseKeys, type ServiceListParams } from '../../services/purchase';
import { describeError, RequestError } from '../../services/request';
import { OrderDrawer } from '../payment/OrderDrawer';
import { useMoney } from '../payment/order-format';
import { BankDetailsTab } from './BankDetailsTab';
import { CatalogueTab } from './CatalogueTab';

const SORTABLE: readonly ServiceSortField[] = ['name', 'unitPriceMinor'];

/** A failed call's text: the server's message (it names the field or the reason). */
export const purchaseErrorText = (error: unknown) =>
  error instanceof RequestError ? (error.envelope?.msg ?? describeError(error)) : String(error);

/**
 * `service/purchase`: the services the caller's seller offers, searched, sorted and paged on the
 * server, ordered with a quantity (the order then shows its payment reference and bank details);
 * sellers (service:purchase:edit) also manage their catalogue and bank details.
 */
export default function PurchasePage() {
  const { t } = useTranslation('purchase');
  const { can } = useAccess();
  const tabs = [
    { key: 'buy', label: t('buyTab'), children: <BuyTab /> },
    ...(can('service:purchase:edit')
      ? [
          { key: 'catalogue', label: t('catalogueTab'), children: <CatalogueTab /> },
          { key: 'bank', label: t('bankTab'), children: <BankDetailsTab /> },
        ]
      : []),
  ];
  return (
    <Card title={t('title')}>
      <Tabs items={tabs} defaultActiveKey={can('service:purchase:edit') ? 'catalogue' : 'buy'} />
    </Card>
  );
}

/** The seller's active services, each with an Order button. */
function BuyTab() {
  const { t } = useTranslation('purchase');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const money = useMoney();
  const queryClient = useQueryClient();
  const table = useServerTable<ServiceProduct, ServiceListParams, { keyword?: string; kind?: ServiceKind }>({
    queryKey: purchaseKeys.services('buy'),
    fetch: (params, signal) => listServices({ ...params, scope: 'buy' }, signal),
    sortable: SORTABLE,
  });
  const [ordering, setOrdering] = useState<ServiceProduct | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<OrderDetail | null>(null);

  const submit = async () => {
    if (!ordering) return;
    setBusy(true);
    try {
      const order = await placeOrder(ordering.id, quantity);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerCenterKeys.overview });
      void message.success(t('ordered'));
      setOrdering(null);
      setPlaced(order);
    } catch (failure) {
      void message.error(purchaseErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ListFilterBar
        table={table}
        name="serviceSearch"
        keyword={{ placeholder: t('keywordHint') }}
        selects={[
          {
            name: 'kind',
            label: t('kind'),
            width: 180,
            options: SERVICE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          },
        ]}
        searchTestId="service-search"
      />
      <Table<ServiceProduct>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noServices')} /> }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            dataIndex: 'name',
            sorter: true,
            sortOrder: table.sortOrderOf('name'),
          },
          { key: 'kind', title: t('kind'), render: (_, s) => t(`kinds.${s.kind}`) },
          { key: 'units', title: t('grants'), render: (_, s) => t(`unitsOf.${s.kind}`, { count: s.units }) },
          {
            key: 'unitPriceMinor',
            title: t('price'),
            align: 'right',
            sorter: true,
            sortOrder: table.sortOrderOf('unitPriceMinor'),
            render: (_, s) => money(s.unitPriceMinor, s.currency),
          },
          {
            key: 'tax',
            title: t('tax'),
            render: (_, s) => (s.taxRateBp === null ? '—' : `${s.taxRateBp / 100} %`),
          },
          { key: 'seller', title: t('seller'), dataIndex: 'sellerName' },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 110,
            render: (_, s) =>
              can('service:purchase:add') ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setQuantity(1);
                    setOrdering(s);
                  }}
                  data-testid="service-order"
                >
                  {t('order')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={ordering !== null}
        title={ordering ? t('orderTitle', { name: ordering.name }) : ''}
        okText={t('placeOrder')}
        okButtonProps={{ loading: busy, id: 'order-place' }}
        onOk={() => void submit()}
        onCancel={() => setOrdering(null)}
        destroyOnHidden
      >
        {ordering ? (
          <Form layout="vertical">
            <Form.Item label={t('quantity')} required htmlFor="order-quantity">
              <InputNumber
                id="order-quantity"
                min={1}
                max={1000}
                precision={0}
                value={quantity}
                onChange={(v) => setQuantity(v ?? 1)}
                data-testid="order-quantity"
                autoFocus
              />
            </Form.Item>
            <p>
              {t('orderSummary', {
                units: t(`unitsOf.${ordering.kind}`, { count: ordering.units * quantity }),
                net: money(ordering.unitPriceMinor * quantity, ordering.currency),
              })}
            </p>
            <p>{t('payByTransfer')}</p>
          </Form>
        ) : null}
      </Modal>
      {placed ? <OrderDrawer orderId={placed.id} onClose={() => setPlaced(null)} /> : null}
    </>
  );
}
