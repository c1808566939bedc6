import type { OrderDetail } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Timeline,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerCenterKeys } from '../../services/customer-center';
import {
  cancelOrder,
  confirmPayment,
  fulfilOrder,
  getOrder,
  invoicePdfUrl,
  paymentKeys,
  refundOrder,
} from '../../services/payment';
import { describeError, RequestError } from '../../services/request';
import { OrderStateTag, useMoney } from './order-format';

const errorText = (error: unknown) =>
  error instanceof RequestError ? (error.envelope?.msg ?? describeError(error)) : String(error);

/** What the finance user enters when a transfer arrived, or a refund went out. */
interface MoneyForm {
  valueDate: Dayjs;
  note?: string;
}

/**
 * One order: what was bought, amounts, where to pay (reference and the seller's bank account), its
 * history and ledger; the actions the server allows the caller (cancel; confirm payment, fulfil,
 * refund for the seller's finance), each behind a confirmation, and the invoice PDF once paid.
 */
export function OrderDrawer({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation('payment');
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: paymentKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });
  const [dialog, setDialog] = useState<'confirm' | 'refund' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<MoneyForm>();

  const run = async (action: () => Promise<OrderDetail>, done: string) => {
    setBusy(true);
    try {
      const order = await action();
      queryClient.setQueryData(paymentKeys.detail(orderId), order);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: customerCenterKeys.overview });
      void message.success(done);
      setDialog(null);
    } catch (failure) {
      void message.error(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const o = query.data;
  const submitDialog = async () => {
    if (!o) return;
    const values = await form.validateFields();
    const day = values.valueDate.format('YYYY-MM-DD');
    if (dialog === 'confirm')
      await run(() => confirmPayment(o.id, o.totalMinor, day, values.note), t('confirmed'));
    else await run(() => refundOrder(o.id, day, values.note ?? ''), t('refundDone'));
  };

  return (
    <Drawer
      open
      width={640}
      onClose={onClose}
      title={o ? `${t('order')} ${o.paymentReference}` : t('order')}
      destroyOnHidden
    >
      {query.isPending ? <Spin /> : null}
      {query.isError ? <Alert type="error" showIcon message={errorText(query.error)} /> : null}
      {o ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            {o.actions.confirm ? (
              <Button
                type="primary"
                onClick={() => {
                  form.resetFields();
                  setDialog('confirm');
                }}
                data-testid="order-confirm"
              >
                {t('confirmPayment')}
              </Button>
            ) : null}
            {o.actions.fulfil ? (
              <Popconfirm
                title={t('fulfilConfirm')}
                onConfirm={() => run(() => fulfilOrder(o.id), t('fulfilled'))}
              >
                <Button loading={busy}>{t('fulfil')}</Button>
              </Popconfirm>
            ) : null}
            {o.actions.refund ? (
              <Button
                danger
                onClick={() => {
                  form.resetFields();
                  setDialog('refund');
                }}
                data-testid="order-refund"
              >
                {t('refund')}
              </Button>
            ) : null}
            {o.actions.cancel ? (
              <Popconfirm
                title={t('cancelConfirm')}
                onConfirm={() => run(() => cancelOrder(o.id), t('cancelled'))}
              >
                <Button danger loading={busy} data-testid="order-cancel">
                  {t('cancel')}
                </Button>
              </Popconfirm>
            ) : null}
            {o.invoiceNumber ? (
              <Button href={invoicePdfUrl(o.id)} target="_blank" data-testid="order-invoice">
                {t('downloadInvoice')}
              </Button>
            ) : null}
          </Space>
          {o.fulfilmentError ? (
            <Alert type="warning" showIcon message={t('notFulfilled')} description={o.fulfilmentError} />
          ) : null}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('state')}>
              <OrderStateTag state={o.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('service')}>{`${o.serviceName} × ${o.quantity}`}</Descriptions.Item>
            <Descriptions.Item label={t('customer')}>{o.customerName}</Descriptions.Item>
            <Descriptions.Item label={t('seller')}>{o.sellerName}</Descriptions.Item>
            <Descriptions.Item label={t('net')}>{money(o.netMinor, o.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('tax')}>
              {money(o.taxMinor, o.currency)}
              {o.taxRateBp !== null ? ` (${o.taxRateBp / 100} %)` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('total')}>
              <strong data-testid="order-total">{money(o.totalMinor, o.currency)}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('reference')}>
              <strong data-testid="order-reference">{o.paymentReference}</strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('invoice')}>{o.invoiceNumber ?? '—'}</Descriptions.Item>
          </Descriptions>
          {o.state === 'created' ? (
            <Alert
              type="info"
              showIcon
              message={t('howToPay', { reference: o.paymentReference })}
              description={
                o.bank ? (
                  <div data-testid="order-bank">
                    <div>{`${t('accountName')}: ${o.bank.accountName}`}</div>
                    <div>{`${t('bankName')}: ${o.bank.bankName}`}</div>
                    <div>{`${t('accountNumber')}: ${o.bank.accountNumber}`}</div>
                    {o.bank.bankCode ? <div>{`${t('bankCode')}: ${o.bank.bankCode}`}</div> : null}
                    {o.bank.instructions ? <div>{o.bank.instructions}</div> : null}
                  </div>
                ) : (
                  t('noBank')
                )
              }
            />
          ) : null}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.ledger}
            locale={{ emptyText: t('noLedger') }}
            columns={[
              { key: 'kind', title: t('ledgerKind'), render: (_, l) => t(`ledgerKinds.${l.kind}`) },
              {
                key: 'amount',
                title: t('amount'),
                align: 'right',
                render: (_, l) => money(l.amountMinor, l.currency),
              },
              { key: 'date', title: t('valueDate'), dataIndex: 'valueDate' },
              { key: 'by', title: t('recordedBy'), render: (_, l) => l.recordedByName ?? '—' },
              { key: 'note', title: t('note'), render: (_, l) => l.note ?? '' },
            ]}
          />
          <Timeline
            items={o.events.map((e) => ({
              children: `${dayjs(e.at).format('YYYY-MM-DD HH:mm')} · ${t(`states.${e.toState}`)}${e.actorName ? ` · ${e.actorName}` : ''}${e.note ? ` · ${e.note}` : ''}`,
            }))}
          />
        </Space>
      ) : null}
      <Modal
        open={dialog !== null}
        title={dialog === 'refund' ? t('refundTitle') : t('confirmTitle')}
        okText={dialog === 'refund' ? t('refund') : t('confirmPayment')}
        okButtonProps={{ danger: dialog === 'refund', loading: busy, id: 'order-dialog-ok' }}
        onOk={() => void submitDialog()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        {o ? (
          <Form form={form} layout="vertical" initialValues={{ valueDate: dayjs() }} preserve={false}>
            <p>
              {dialog === 'refund'
                ? t('refundHint', { amount: money(o.totalMinor, o.currency) })
                : t('confirmHint', {
                    amount: money(o.totalMinor, o.currency),
                    reference: o.paymentReference,
                  })}
            </p>
            <Form.Item
              name="valueDate"
              label={t('valueDate')}
              rules={[{ required: true, message: t('valueDateRequired') }]}
            >
              <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
            </Form.Item>
            <Form.Item
              name="note"
              label={t('note')}
              rules={
                dialog === 'refund' ? [{ required: true, whitespace: true, message: t('noteRequired') }] : []
              }
            >
              <Input.TextArea maxLength={500} rows={2} data-testid="order-dialog-note" />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </Drawer>
  );
}
