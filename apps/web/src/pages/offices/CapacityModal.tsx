import type { OfficeDetail } from '@apm/contract';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCustomer } from '../../services/customer';
import { serverFieldErrors } from '../../services/request';
import { CapacityFields } from './CapacityFields';
import { officeErrorText } from './office-errors';

interface Values {
  storageQuotaMb?: number | null;
  terminalQuota?: number | null;
}

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
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
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
      title={t('capacityTitle', { name: office.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="customerCapacity"
        initialValues={{ storageQuotaMb: office.storageQuotaMb, terminalQuota: office.terminalQuota }}
        onFinish={onFinish}
      >
        <CapacityFields />
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
