import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCustomer } from '../../services/customer';
import { serverFieldErrors } from '../../services/request';
import { CapacityFields } from './CapacityFields';
import { officeErrorText } from './office-errors';

interface Values {
  name: string;
  storageQuotaMb?: number | null;
  terminalQuota?: number | null;
}

/** Creates a customer (tenant) under the platform or an agent, with its capacity. */
export function CustomerFormModal({
  parent,
  onClose,
  onCreated,
}: {
  parent: { id: number; name: string };
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const { id } = await saveCustomer({
        parentId: parent.id,
        name: v.name.trim(),
        storageQuotaMb: v.storageQuotaMb ?? null,
        terminalQuota: v.terminalQuota ?? null,
      });
      void message.success(t('created'));
      onCreated(id);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      form.setFields(
        Object.entries(fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
      );
      if (!Object.keys(fields).length) void message.error(officeErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('newCustomerUnder', { name: parent.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="customerForm" onFinish={onFinish}>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[
            { required: true, whitespace: true, message: tc('common.required', { field: t('fields.name') }) },
            { max: 100, message: tc('common.tooLong', { field: t('fields.name'), max: 100 }) },
          ]}
        >
          <Input autoComplete="off" data-testid="customer-name" />
        </Form.Item>
        <CapacityFields />
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
