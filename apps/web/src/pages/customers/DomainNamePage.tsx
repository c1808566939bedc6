import type { CustomerItem } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { saveDomainName } from '../../services/customer';
import { serverFieldErrors } from '../../services/request';
import { officeErrorText } from '../offices/office-errors';
import { CustomerTable } from './CustomerTable';
import { isHostName } from './domain-name';

/** `sys/customer/doaminNameSetting`: the second domain name that selects a customer's brand. */
export default function DomainNamePage() {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ domainName?: string }>();
  const [target, setTarget] = useState<CustomerItem | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (r: CustomerItem) => {
    form.setFieldsValue({ domainName: r.domainName ?? '' });
    setTarget(r);
  };
  const onFinish = async ({ domainName }: { domainName?: string }) => {
    if (!target) return;
    setBusy(true);
    try {
      await saveDomainName(target.id, domainName?.trim() ?? '');
      void message.success(t('saved'));
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
    } catch (failure) {
      const msg = serverFieldErrors(failure).domainName;
      if (msg) form.setFields([{ name: 'domainName', errors: [t('errors.domainTaken')] }]);
      else void message.error(officeErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('domain.title')}>
      <CustomerTable
        name="domainSearch"
        searchDomain
        columns={[
          {
            key: 'domainName',
            title: t('fields.domainName'),
            render: (_, r) => r.domainName ?? '—',
          },
        ]}
        actions={(r) => (
          <Authorized permission="sys:domain:edit">
            <Button type="link" size="small" onClick={() => open(r)} data-testid="domain-edit">
              {t('domain.edit')}
            </Button>
          </Authorized>
        )}
      />
      <Modal
        open={target !== null}
        title={target ? t('domain.editTitle', { name: target.name }) : ''}
        onCancel={() => setTarget(null)}
        onOk={() => form.submit()}
        okText={tc('common.save')}
        cancelText={tc('common.cancel')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'domain-save' }}
        forceRender
      >
        <Form form={form} layout="vertical" name="domainForm" onFinish={onFinish}>
          <Form.Item
            name="domainName"
            label={t('fields.domainName')}
            extra={t('domain.hint')}
            rules={[
              {
                validator: (_, value?: string) =>
                  !value?.trim() || isHostName(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('errors.domainName'))),
              },
            ]}
          >
            <Input placeholder="signage.example.com" autoComplete="off" data-testid="domain-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
