import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCustomer } from '../../services/customer';
import type { CapacityValues } from './CapacityFields';
import { CustomerSaveModal } from './CustomerSaveModal';

interface Values extends CapacityValues {
  name: string;
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

  const save = async (v: Values) => {
    const { id } = await saveCustomer({
      parentId: parent.id,
      name: v.name.trim(),
      storageQuotaMb: v.storageQuotaMb ?? null,
      terminalQuota: v.terminalQuota ?? null,
    });
    void message.success(t('created'));
    onCreated(id);
  };

  return (
    <CustomerSaveModal<Values>
      title={t('newCustomerUnder', { name: parent.name })}
      name="customerForm"
      onSave={save}
      onClose={onClose}
    >
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
    </CustomerSaveModal>
  );
}
