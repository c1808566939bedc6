import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CapacityFields, type CapacityValues } from './CapacityFields';
import { useCustomerSave } from './use-customer-save';

/** Props of {@link CustomerSaveModal}. */
export interface CustomerSaveModalProps<V extends CapacityValues> {
  title: string;
  /** Name of the form: field ids are `<name>_<field>`. */
  name: string;
  initialValues?: V;
  /** Saves the values; a failure keeps the dialog open. */
  onSave(values: V): Promise<unknown>;
  onClose(): void;
  /** Fields before the capacity. */
  children?: ReactNode;
}

/** A Save/Cancel dialog saving a customer with its capacity (failures: {@link useCustomerSave}). */
export function CustomerSaveModal<V extends CapacityValues>(props: CustomerSaveModalProps<V>) {
  const { title, name, initialValues, onSave, onClose, children } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const { busy, save } = useCustomerSave(form);

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        layout="vertical"
        name={name}
        initialValues={initialValues}
        onFinish={(values) => save(() => onSave(values))}
      >
        {children}
        <CapacityFields />
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
