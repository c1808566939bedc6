import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { getPersonalized, savePersonalized } from '../../services/customer';
import { officeErrorText } from '../offices/office-errors';
import { BrandForm, brandConfig, brandValues, showBrandErrors, type BrandFormValues } from './BrandForm';

/** `sys/personalized`: a customer's own administrator edits its own brand. */
export default function PersonalizedPage() {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BrandFormValues>();
  const [busy, setBusy] = useState(false);
  const own = useQuery({ queryKey: ['customer', 'personalized'], queryFn: getPersonalized, retry: false });

  useEffect(() => {
    if (own.data) form.setFieldsValue(brandValues(own.data.config));
  }, [own.data, form]);

  if (own.isError || own.data === null) {
    return (
      <Card title={t('personalized.title')}>
        <Result status="info" title={own.isError ? officeErrorText(own.error) : t('personalized.platform')} />
      </Card>
    );
  }
  if (!own.data) return <Spin />;

  const onFinish = async (v: BrandFormValues) => {
    setBusy(true);
    try {
      await savePersonalized(brandConfig(v));
      void message.success(t('saved'));
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
    } catch (failure) {
      showBrandErrors(form, failure, (text) => void message.error(text));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={t('personalized.title')}
      extra={
        <Tag color={own.data.enabled ? 'green' : undefined}>
          {own.data.enabled ? t('personalized.active') : t('personalized.inactive')}
        </Tag>
      }
    >
      <BrandForm
        form={form}
        defaults={own.data.defaults}
        onFinish={onFinish}
        disabled={!can('sys:personalized:edit')}
      />
      <Authorized permission="sys:personalized:edit">
        <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="personalized-save">
          {tc('common.save')}
        </Button>
      </Authorized>
    </Card>
  );
}
