import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCustomerBrand, saveCustomerBrand } from '../../services/customer';
import { BrandForm, brandConfig, brandValues, showBrandErrors, type BrandFormValues } from './BrandForm';

/** Edits a subordinate customer's own brand and its customization switch. */
export function BrandEditModal({ customerId, onClose }: { customerId: number; onClose(): void }) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandFormValues>();
  const [busy, setBusy] = useState(false);
  const brand = useQuery({
    queryKey: ['customer', 'brand', customerId],
    queryFn: () => getCustomerBrand(customerId),
  });

  useEffect(() => {
    if (brand.data) form.setFieldsValue(brandValues(brand.data.config, brand.data.enabled));
  }, [brand.data, form]);

  const onFinish = async (v: BrandFormValues) => {
    setBusy(true);
    try {
      await saveCustomerBrand({ id: customerId, enabled: v.enabled ?? false, config: brandConfig(v) });
      void message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
      onClose();
    } catch (failure) {
      showBrandErrors(form, failure, (text) => void message.error(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={960}
      title={t('editBrand', { name: brand.data?.officeName ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'brand-save', disabled: !brand.data }}
      destroyOnHidden
    >
      {brand.data ? (
        <BrandForm form={form} defaults={brand.data.defaults} onFinish={onFinish} withSwitch />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
