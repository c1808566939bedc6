import type { SellerAccountSaveBody } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSellerAccount, purchaseKeys, saveSellerAccount } from '../../services/purchase';
import { serverFieldErrors } from '../../services/request';
import { purchaseErrorText } from './PurchasePage';

/** The seller's bank account customers transfer to, and the tax number and address of its invoices. */
export function BankDetailsTab() {
  const { t } = useTranslation('purchase');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SellerAccountSaveBody>();
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    queryKey: purchaseKeys.account,
    queryFn: ({ signal }) => getSellerAccount(signal),
  });
  useEffect(() => {
    if (query.data)
      form.setFieldsValue({
        bank: query.data.bank ?? undefined,
        taxNumber: query.data.taxNumber,
        address: query.data.address,
      } as SellerAccountSaveBody);
  }, [query.data, form]);
  if (query.isPending) return <Spin />;

  const save = async (values: SellerAccountSaveBody) => {
    setBusy(true);
    try {
      await saveSellerAccount(values);
      void queryClient.invalidateQueries({ queryKey: purchaseKeys.account });
      void message.success(t('bankSaved'));
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      form.setFields(
        Object.entries(fields).map(([name, error]) => ({ name: name.split('.') as never, errors: [error] })),
      );
      void message.error(purchaseErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const required = (label: string) => [
    { required: true, whitespace: true, message: t('required', { field: label }) },
  ];
  return (
    <Form
      form={form}
      name="sellerAccount"
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={(v) => void save(v)}
    >
      <Form.Item name={['bank', 'accountName']} label={t('accountName')} rules={required(t('accountName'))}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name={['bank', 'bankName']} label={t('bankName')} rules={required(t('bankName'))}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name={['bank', 'accountNumber']}
        label={t('accountNumber')}
        rules={required(t('accountNumber'))}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name={['bank', 'bankCode']} label={t('bankCode')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name={['bank', 'instructions']} label={t('instructions')}>
        <Input.TextArea maxLength={1000} rows={3} />
      </Form.Item>
      <Form.Item name="taxNumber" label={t('taxNumber')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="address" label={t('invoiceAddress')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} id="seller-account-save">
        {t('save')}
      </Button>
    </Form>
  );
}
