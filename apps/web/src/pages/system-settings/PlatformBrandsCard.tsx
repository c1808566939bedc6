import type { BrandConfig } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Select, Space, Switch, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { FooterLinksEditor, LINK_ADDRESS, footerLinksToSave } from '../../components/admin/FooterLinksEditor';
import { LANGUAGES } from '../../locales/languages';
import { serverFieldErrors } from '../../services/request';
import { saveSetting, type SettingItem } from '../../services/settings';

/** The stored fields of a platform brand (BrandConfig without `brand`). */
export type PlatformBrand = Omit<BrandConfig, 'brand'>;

/** The two platform brands, as settings keys. */
const BRAND_KEYS = ['brandDefault', 'brandSecond'] as const;
type BrandKey = (typeof BRAND_KEYS)[number];

const TEXT_FIELDS = ['title', 'tag', 'textStart', 'copyRight', 'customContent'] as const;
const IMAGE_FIELDS = ['logo', 'icoImg', 'backgroundImage'] as const;
const SWITCHES = ['showLogo', 'showRegister', 'dualScreen', 'lightShow', 'soundShow', 'powerSet'] as const;

/** The brand values to save: texts trimmed, empty links dropped. */
export function brandToSave(values: PlatformBrand): PlatformBrand {
  const trimmed = { ...values };
  for (const key of [...TEXT_FIELDS, ...IMAGE_FIELDS]) trimmed[key] = (values[key] ?? '').trim();
  trimmed.linkList = footerLinksToSave(values.linkList);
  return trimmed;
}

/** One platform brand's form: texts, images, switches, default language and the footer links. */
function BrandSettingsForm({ settingKey, value }: { settingKey: BrandKey; value: PlatformBrand }) {
  const { t } = useTranslation(['systemSettings', 'translation']);
  const tx = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlatformBrand>();
  const [saving, setSaving] = useState(false);
  const label = (field: string) => tx(`platformBrands.fields.${field}`);

  useEffect(() => form.setFieldsValue(value), [form, value]);

  const onFinish = async (values: PlatformBrand) => {
    setSaving(true);
    try {
      await saveSetting(settingKey, brandToSave({ ...value, ...values }));
      void message.success(tx('translation:common.success'));
      await queryClient.invalidateQueries({ queryKey: ['systemSettings'] });
    } catch (failure) {
      // The server names the bad field in its message (e.g. `value.linkList.0.link …`).
      const [first] = Object.values(serverFieldErrors(failure));
      void message.error(first ?? (failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setSaving(false);
    }
  };

  const addressRule = (field: string) => ({
    pattern: LINK_ADDRESS,
    message: tx('platformBrands.invalidAddress', { field: label(field) }),
  });
  return (
    <Form form={form} layout="vertical" name={settingKey} onFinish={(v) => void onFinish(v)}>
      <Row gutter={16}>
        {TEXT_FIELDS.map((field) => (
          <Col key={field} xs={24} md={12}>
            <Form.Item name={field} label={label(field)}>
              <Input maxLength={500} data-testid={`${settingKey}-${field}`} />
            </Form.Item>
          </Col>
        ))}
        {IMAGE_FIELDS.map((field) => (
          <Col key={field} xs={24} md={12}>
            <Form.Item name={field} label={label(field)} rules={[addressRule(field)]}>
              <Input maxLength={500} placeholder="https://… or /…" />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="defaultLanguage" label={label('defaultLanguage')}>
            <Select options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} />
          </Form.Item>
        </Col>
      </Row>
      <Space wrap size="large" style={{ marginBottom: 16 }}>
        {SWITCHES.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={label(field)}
            valuePropName="checked"
            style={{ margin: 0 }}
          >
            <Switch />
          </Form.Item>
        ))}
      </Space>
      <FooterLinksEditor
        nameMax={500}
        testId={`${settingKey}-links`}
        labels={{
          name: label('linkName'),
          link: label('link'),
          add: label('addLink'),
          remove: label('removeLink'),
          invalidAddress: tx('platformBrands.invalidAddress', { field: label('link') }),
        }}
      />
      <Authorized permission="sys:setting:edit">
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${settingKey}-save`}>
          {tx('translation:common.save')}
        </Button>
      </Authorized>
    </Form>
  );
}

/** The platform's two brands (sign-in page, header, footer), chosen by host name above. */
export function PlatformBrandsCard({ items }: { items: SettingItem[] }) {
  const { t } = useTranslation('systemSettings');
  const tx = t as unknown as (key: string) => string;
  const valueOf = (key: BrandKey) => items.find((i) => i.key === key)?.value as PlatformBrand | undefined;
  return (
    <Card title={tx('platformBrands.title')} style={{ marginTop: 16 }} data-testid="platform-brands">
      <Tabs
        items={BRAND_KEYS.filter((key) => valueOf(key)).map((key) => ({
          key,
          label: tx(`platformBrands.${key}`),
          children: <BrandSettingsForm settingKey={key} value={valueOf(key)!} />,
        }))}
      />
    </Card>
  );
}
