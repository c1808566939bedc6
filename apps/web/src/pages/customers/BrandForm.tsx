import type { BrandConfig, CustomerBrandConfig } from '@apm/contract';
import { Col, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FooterLinksEditor,
  footerLinksToSave,
  type FooterLink,
} from '../../components/admin/FooterLinksEditor';
import { LANGUAGES } from '../../locales/languages';
import { serverFieldErrors } from '../../services/request';
import { officeErrorText } from '../offices/office-errors';
import { BrandPreview } from './BrandPreview';

/** Values of the brand form. */
export interface BrandFormValues extends Required<Omit<CustomerBrandConfig, 'linkList'>> {
  enabled?: boolean;
  linkList: FooterLink[];
}

type Field = 'title' | 'tag' | 'logo' | 'icoImg' | 'copyRight' | 'backgroundImage' | 'defaultLanguage';

/** An image address: an http(s) URL or a path on this site. */
const URL_PATTERN = /^(https?:\/\/\S+|\/\S*)$/i;

/** Form values from a stored brand. */
export const brandValues = (config: CustomerBrandConfig, enabled?: boolean): BrandFormValues => ({
  enabled,
  title: config.title ?? '',
  tag: config.tag ?? '',
  logo: config.logo ?? '',
  icoImg: config.icoImg ?? '',
  copyRight: config.copyRight ?? '',
  backgroundImage: config.backgroundImage ?? '',
  defaultLanguage: config.defaultLanguage ?? '',
  linkList: config.linkList ?? [],
});

/** The brand fields to save from the form values (trimmed). */
export const brandConfig = (v: BrandFormValues): CustomerBrandConfig => ({
  title: v.title?.trim() ?? '',
  tag: v.tag?.trim() ?? '',
  logo: v.logo?.trim() ?? '',
  icoImg: v.icoImg?.trim() ?? '',
  copyRight: v.copyRight?.trim() ?? '',
  backgroundImage: v.backgroundImage?.trim() ?? '',
  defaultLanguage: v.defaultLanguage ?? '',
  linkList: footerLinksToSave(v.linkList),
});

/**
 * Shows a refused save: the fields the server named (`config.title` → `title`) on the form,
 * anything else through `toast`.
 */
export function showBrandErrors(
  form: FormInstance<BrandFormValues>,
  failure: unknown,
  toast: (text: string) => void,
) {
  const fields = serverFieldErrors(failure);
  form.setFields(
    Object.entries(fields).map(([name, msg]) => ({
      name: name.replace(/^config\./, '') as keyof BrandFormValues,
      errors: [msg],
    })),
  );
  if (!Object.keys(fields).length) toast(officeErrorText(failure));
}

/** Brand fields (with the enable switch when `withSwitch`) and a live preview over the default brand. */
export function BrandForm({
  form,
  defaults,
  onFinish,
  withSwitch,
  disabled,
}: {
  form: FormInstance<BrandFormValues>;
  defaults: Omit<BrandConfig, 'brand'>;
  onFinish(values: BrandFormValues): void;
  withSwitch?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const watched = Form.useWatch([], form) as BrandFormValues | undefined;
  // Empty fields (and no footer links) show the platform's, as the sign-in page will.
  const own = Object.fromEntries(
    Object.entries(watched ? brandConfig(watched) : {}).filter(([, v]) => (Array.isArray(v) ? v.length : v)),
  );
  const label = (f: Field) => t(`fields.${f}`);
  const max = (f: Field, n: number) => ({
    max: n,
    message: tc('common.tooLong', { field: label(f), max: n }),
  });
  const url = (f: Field) => [
    max(f, 2000),
    { pattern: URL_PATTERN, message: t('errors.url', { field: label(f) }) },
  ];

  return (
    <Row gutter={24}>
      <Col xs={24} lg={13}>
        <Form<BrandFormValues>
          form={form}
          layout="vertical"
          name="brandForm"
          onFinish={onFinish}
          disabled={disabled}
        >
          {withSwitch ? (
            <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
              <Switch data-testid="brand-enabled" />
            </Form.Item>
          ) : null}
          <Form.Item name="title" label={label('title')} rules={[max('title', 100)]}>
            <Input placeholder={defaults.title} data-testid="brand-form-title" />
          </Form.Item>
          <Form.Item name="tag" label={label('tag')} rules={[max('tag', 100)]}>
            <Input placeholder={defaults.tag} />
          </Form.Item>
          <Form.Item name="logo" label={label('logo')} rules={url('logo')}>
            <Input placeholder="https://…/logo.png" data-testid="brand-logo" />
          </Form.Item>
          <Form.Item name="icoImg" label={label('icoImg')} rules={url('icoImg')}>
            <Input placeholder="https://…/favicon.ico" />
          </Form.Item>
          <Form.Item name="backgroundImage" label={label('backgroundImage')} rules={url('backgroundImage')}>
            <Input placeholder="https://…/background.jpg" />
          </Form.Item>
          <Form.Item name="copyRight" label={label('copyRight')} rules={[max('copyRight', 300)]}>
            <Input placeholder={defaults.copyRight} data-testid="brand-copyright" />
          </Form.Item>
          <Form.Item name="defaultLanguage" label={label('defaultLanguage')}>
            <Select
              allowClear
              placeholder={t('sameAsPlatform')}
              options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
            />
          </Form.Item>
          <Form.Item label={t('fields.linkList')} extra={t('linkListHint')} style={{ marginBottom: 0 }}>
            <FooterLinksEditor
              requireBoth
              testId="brand-links"
              labels={{
                name: t('fields.linkName'),
                link: t('fields.link'),
                add: t('addLink'),
                remove: t('removeLink'),
                invalidAddress: t('errors.url', { field: t('fields.link') }),
                incomplete: t('errors.linkIncomplete'),
              }}
            />
          </Form.Item>
          <button type="submit" hidden aria-hidden />
        </Form>
      </Col>
      <Col xs={24} lg={11}>
        <BrandPreview brand={{ ...defaults, ...own }} />
      </Col>
    </Row>
  );
}
