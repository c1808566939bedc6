import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingItem } from '../../services/settings';
import { MapSettingsSection } from './MapSettingsSection';
import { effectiveUploadMb } from './settings-form';

const HOST = /^(?=.{1,253}$)[a-z0-9.-]+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Props of the sections: the listed settings (for secrets' state) and whether fields may change. */
interface SectionsProps {
  items: readonly SettingItem[];
  canEdit: boolean;
  onClearSecret(key: string): void;
}

/** A labelled switch row. */
function SwitchItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}

/** The grouped fields of the system settings form. */
export function SettingsSections({ items, canEdit, onClearSecret }: SectionsProps) {
  const { t } = useTranslation(['systemSettings', 'translation']);
  const form = Form.useFormInstance();
  const uploadOpen = Form.useWatch('uploadLimitOpen', form) as boolean | undefined;
  const uploadSize = Form.useWatch('uploadLimitSize', form) as number | undefined;
  // Dynamic keys: the typed t() accepts only literal keys.
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const label = (key: string) => tx(`fields.${key}`);
  const required = (key: string) => ({
    required: true,
    message: t('translation:common.required', { field: label(key) }),
  });

  const secret = (key: string) => {
    const item = items.find((i) => i.key === key);
    return (
      // The label points at the field inside (noStyle items give their input the id `<form name>_<field>`).
      <Form.Item label={label(key)} htmlFor={`system-settings_${key}`} extra={t('secretPlaceholder')}>
        <Space.Compact block>
          <Form.Item name={key} noStyle>
            <Input.Password autoComplete="new-password" maxLength={500} />
          </Form.Item>
          <Button disabled={!canEdit || !item?.isSet} onClick={() => onClearSecret(key)}>
            {t('clearSecret')}
          </Button>
        </Space.Compact>
        <Tag color={item?.isSet ? 'green' : 'default'} style={{ marginTop: 4 }} data-testid={`secret-${key}`}>
          {item?.isSet ? t('secretSet') : t('secretNotSet')}
        </Tag>
      </Form.Item>
    );
  };

  return (
    <>
      <Section title={t('groups.storage')}>
        <SwitchItem name="capacityFlag" label={label('capacityFlag')} />
        <SwitchItem name="uploadLimitOpen" label={label('uploadLimitOpen')} />
        <Form.Item
          name="uploadLimitSize"
          label={label('uploadLimitSize')}
          rules={[required('uploadLimitSize')]}
          extra={t('uploadEffective', { size: effectiveUploadMb(Boolean(uploadOpen), uploadSize) })}
        >
          <InputNumber min={1} max={102400} precision={0} suffix="MB" disabled={!uploadOpen || !canEdit} />
        </Form.Item>
        <Form.Item
          name="playEventsRetentionMonths"
          label={label('playEventsRetentionMonths')}
          rules={[required('playEventsRetentionMonths')]}
          extra={t('playEventsRetentionHelp')}
        >
          <InputNumber min={1} max={120} precision={0} disabled={!canEdit} />
        </Form.Item>
      </Section>
      <Section title={t('groups.content')}>
        <SwitchItem name="auditOpen" label={label('auditOpen')} />
        <SwitchItem name="reviewAutoApprove" label={label('reviewAutoApprove')} />
        <SwitchItem name="terminalAuthFree" label={label('terminalAuthFree')} />
        <SwitchItem name="supportApiServer" label={label('supportApiServer')} />
      </Section>
      <Section title={t('groups.security')}>
        <SwitchItem name="smsCodeOpen" label={label('smsCodeOpen')} />
        <SwitchItem name="emailCodeOpen" label={label('emailCodeOpen')} />
        <SwitchItem name="seniorValidation" label={label('seniorValidation')} />
        <SwitchItem name="landingEncryption" label={label('landingEncryption')} />
        <Form.Item
          name="passwordStrength"
          label={label('passwordStrength')}
          rules={[required('passwordStrength')]}
        >
          <Select
            style={{ maxWidth: 320 }}
            options={[1, 2, 3].map((n) => ({ value: n, label: tx(`strength.level${n}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="passwordMinLength"
          label={label('passwordMinLength')}
          rules={[required('passwordMinLength')]}
        >
          <InputNumber min={6} max={64} precision={0} />
        </Form.Item>
        <Form.Item
          name="passwordExpiryDays"
          label={label('passwordExpiryDays')}
          rules={[required('passwordExpiryDays')]}
        >
          <InputNumber min={0} max={3650} precision={0} />
        </Form.Item>
      </Section>
      <Section title={t('groups.email')}>
        <Form.Item
          name={['smtpServer', 'host']}
          label={label('smtpHost')}
          rules={[{ pattern: HOST, message: t('invalidHost', { field: label('smtpHost') }) }]}
        >
          <Input maxLength={253} autoComplete="off" />
        </Form.Item>
        <Form.Item name={['smtpServer', 'port']} label={label('smtpPort')} rules={[required('smtpPort')]}>
          <InputNumber min={1} max={65535} precision={0} />
        </Form.Item>
        <Form.Item name={['smtpServer', 'secure']} label={label('smtpSecure')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name={['smtpServer', 'user']} label={label('smtpUser')}>
          <Input maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name={['smtpServer', 'from']}
          label={label('smtpFrom')}
          rules={[{ pattern: EMAIL, message: t('invalidEmail', { field: label('smtpFrom') }) }]}
        >
          <Input maxLength={320} autoComplete="off" />
        </Form.Item>
        {secret('smtpPassword')}
      </Section>
      <Section title={t('groups.sms')}>
        <Form.Item name={['smsProvider', 'provider']} label={label('smsProvider')}>
          <Select
            style={{ maxWidth: 320 }}
            options={(['none', 'http'] as const).map((p) => ({
              value: p,
              label: tx(`providers.${p}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name={['smsProvider', 'url']}
          label={label('smsUrl')}
          rules={[{ pattern: /^(https?:\/\/\S+)?$/, message: t('invalidUrl', { field: label('smsUrl') }) }]}
        >
          <Input maxLength={500} autoComplete="off" placeholder="https://sms-gateway.example.com/send" />
        </Form.Item>
        {(['accessKeyId', 'signName', 'templateCode', 'region'] as const).map((field) => {
          const key = `sms${field[0]!.toUpperCase()}${field.slice(1)}`;
          return (
            <Form.Item key={field} name={['smsProvider', field]} label={label(key)}>
              <Input maxLength={field === 'accessKeyId' ? 200 : 100} autoComplete="off" />
            </Form.Item>
          );
        })}
        {secret('smsAccessSecret')}
      </Section>
      <MapSettingsSection />
      <Section title={t('groups.brands')}>
        <Form.List name="brandHosts">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'host']}
                    label={label('host')}
                    rules={[
                      required('host'),
                      { pattern: HOST, message: t('invalidHost', { field: label('host') }) },
                    ]}
                  >
                    <Input maxLength={253} autoComplete="off" placeholder="shop.example.com" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'brand']} label={label('brand')} initialValue="default">
                    <Select
                      style={{ width: 180 }}
                      options={(['default', 'second'] as const).map((b) => ({
                        value: b,
                        label: tx(`brands.${b}`),
                      }))}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    aria-label={t('removeHost')}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ host: '', brand: 'default' })}
              >
                {t('addHost')}
              </Button>
            </>
          )}
        </Form.List>
        {!canEdit && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('readOnlyHint')}
          </Typography.Paragraph>
        )}
      </Section>
    </>
  );
}
