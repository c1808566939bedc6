import type { OfficeDetail } from '@apm/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveCustomer } from '../../services/customer';
import type { CapacityValues } from './CapacityFields';
import { CustomerSaveModal } from './CustomerSaveModal';

/** Changes a customer's capacity (storage and terminal quota). */
export function CapacityModal({
  office,
  onClose,
  onSaved,
}: {
  office: OfficeDetail;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('offices');
  const { message } = App.useApp();

  const save = async (v: CapacityValues) => {
    await saveCustomer({
      id: office.id,
      name: office.name,
      contact: office.contact,
      phone: office.phone,
      address: office.address,
      remarks: office.remarks,
      storageQuotaMb: v.storageQuotaMb ?? null,
      terminalQuota: v.terminalQuota ?? null,
    });
    void message.success(t('saved'));
    onSaved();
  };

  return (
    <CustomerSaveModal<CapacityValues>
      title={t('capacityTitle', { name: office.name })}
      name="customerCapacity"
      initialValues={{ storageQuotaMb: office.storageQuotaMb, terminalQuota: office.terminalQuota }}
      onSave={save}
      onClose={onClose}
    />
  );
}
