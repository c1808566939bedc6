import { Button, Card, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { BrandEditModal } from './BrandEditModal';
import { CustomerTable } from './CustomerTable';

/** `sys/customer/toOpenPersonalPage`: switch on a customer's own brand and edit it, with a preview. */
export default function CustomizationPage() {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Card title={t('customization.title')}>
      <CustomerTable
        name="customizationSearch"
        columns={[
          {
            key: 'brandEnabled',
            title: t('fields.enabled'),
            render: (_, r) =>
              r.brandEnabled ? (
                <Tag color="green">{tc('common.enabled')}</Tag>
              ) : (
                <Tag>{tc('common.disabled')}</Tag>
              ),
          },
          { key: 'domainName', title: t('fields.domainName'), dataIndex: 'domainName' },
        ]}
        actions={(r) => (
          <Authorized permission="sys:customer:edit">
            <Button type="link" size="small" onClick={() => setEditing(r.id)} data-testid="brand-edit">
              {t('customization.edit')}
            </Button>
          </Authorized>
        )}
      />
      {editing !== null ? <BrandEditModal customerId={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
