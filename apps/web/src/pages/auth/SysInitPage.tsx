import { IdcardOutlined } from '@ant-design/icons';
import { isStrongPassword, type Language } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { LANGUAGES } from '../../locales/languages';
import { resolveLanguage } from '../../locales/resolve-language';
import { sysInit } from '../../services/auth';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery, queryKeys, sysInitStateQuery } from '../../services/queries';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';
import { useSubmit } from '../../utils/use-submit';
import { NewPasswordFields } from '../registration/NewPasswordFields';
import { OrganisationFields } from '../registration/OrganisationFields';

/** Message for each field a 400 answer can name (`jsonObject.fields`). */
const FIELD_MESSAGES = {
  officeName: 'sysInit.officeNameRequired',
  username: 'sysInit.usernamePattern',
  name: 'sysInit.nameMax',
  password: 'sysInit.passwordRule',
} as const;

/** Values of the initialisation form. */
interface SysInitFormValues {
  officeName: string;
  username: string;
  name?: string;
  password: string;
  confirm: string;
  defaultLanguage: Language;
}

/**
 * `/sysInit`: creates the first organisation and its administrator, and picks the default brand's language (the
 * browser's by default). Sends the setup token of its address (`?token=`, printed by the server at start-up).
 * Redirects to `/login` when the system is already initialised.
 */
export default function SysInitPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SysInitFormValues>();
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const state = useQuery(sysInitStateQuery());
  useQuery(publishKeyQuery());
  const { submitting, error, submit } = useSubmit();

  useEffect(() => {
    if (state.data === 1) navigate('/login', { replace: true });
  }, [state.data, navigate]);

  const finish = (text: string) => {
    queryClient.removeQueries({ queryKey: queryKeys.sysInitState });
    void message.success(text);
    navigate('/login', { replace: true });
  };

  /** Shows the server's per-field verdicts on the form; answers whether there were any. */
  const markFields = (failure: unknown): boolean => {
    const names = Object.keys(serverFieldErrors(failure)).filter(
      (name): name is keyof typeof FIELD_MESSAGES => name in FIELD_MESSAGES,
    );
    form.setFields(names.map((name) => ({ name, errors: [t(FIELD_MESSAGES[name])] })));
    return names.length > 0;
  };

  const onFinish = (values: SysInitFormValues) =>
    submit(
      async () => {
        const key = await queryClient.fetchQuery(publishKeyQuery());
        const fields = await protectFields(
          { username: values.username.trim(), password: values.password },
          ['username', 'password'],
          key,
        );
        await sysInit({
          officeName: values.officeName.trim(),
          username: fields.username,
          password: fields.password,
          name: values.name?.trim() || undefined,
          defaultLanguage: values.defaultLanguage,
          token,
        });
        finish(t('sysInit.success'));
      },
      (failure) => {
        if (
          failure instanceof RequestError &&
          (failure.reason === 'alreadyInitialised' || failure.status === 409)
        ) {
          finish(t('sysInit.alreadyInitialised'));
          return null;
        }
        if (failure instanceof RequestError && failure.reason === 'setupToken')
          return t('sysInit.setupToken');
        // Where the server named the fields, their messages are shown on them.
        if (markFields(failure)) return null;
        if (failure instanceof RequestError && failure.kind !== 'http') return describeError(failure);
        return t('sysInit.failed');
      },
    );

  return (
    <Card title={t('sysInit.title')}>
      <Spin spinning={state.isPending}>
        <Typography.Paragraph type="secondary">{t('sysInit.intro')}</Typography.Paragraph>
        <FormErrorAlert error={error} testId="sys-init-error" />
        <Form<SysInitFormValues>
          form={form}
          name="sysInit"
          layout="vertical"
          onFinish={onFinish}
          disabled={submitting}
          requiredMark="optional"
          initialValues={{ defaultLanguage: resolveLanguage({ browser: navigator.languages }) }}
        >
          <OrganisationFields
            loginNameField="username"
            texts={{
              officeName: t('sysInit.officeName'),
              officeNameRequired: t('sysInit.officeNameRequired'),
              officeNameTooLong: t('sysInit.officeNameMax'),
              loginName: t('sysInit.username'),
              loginNameRequired: t('sysInit.usernameRequired'),
              loginNamePattern: t('sysInit.usernamePattern'),
            }}
          />
          <Form.Item
            name="name"
            label={t('sysInit.name')}
            rules={[{ max: 100, message: t('sysInit.nameMax') }]}
          >
            <Input prefix={<IdcardOutlined />} placeholder={t('common.optional')} autoComplete="name" />
          </Form.Item>
          <NewPasswordFields
            name="password"
            label={t('sysInit.password')}
            requiredMessage={t('sysInit.passwordRequired')}
            policy={{ test: isStrongPassword, message: t('sysInit.passwordRule') }}
            confirm={{
              label: t('sysInit.confirm'),
              requiredMessage: t('sysInit.confirmRequired'),
              mismatchMessage: t('sysInit.confirmMismatch'),
            }}
          />
          <Form.Item
            name="defaultLanguage"
            label={t('sysInit.defaultLanguage')}
            extra={t('sysInit.defaultLanguageHelp')}
            rules={[{ required: true }]}
          >
            <Select options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('sysInit.submit')}
          </Button>
        </Form>
      </Spin>
    </Card>
  );
}
