import { BankOutlined, IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { isStrongPassword, LOGIN_NAME_PATTERN } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { sysInit } from '../../services/auth';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery, queryKeys, sysInitStateQuery } from '../../services/queries';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';
import { NewPasswordFields } from '../registration/NewPasswordFields';

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
}

/**
 * `/sysInit`: creates the first organisation and its administrator. Redirects to `/login`
 * when the system is already initialised.
 */
export default function SysInitPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SysInitFormValues>();
  const state = useQuery(sysInitStateQuery());
  useQuery(publishKeyQuery());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  const onFinish = async (values: SysInitFormValues) => {
    setError(null);
    setSubmitting(true);
    try {
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
      });
      finish(t('sysInit.success'));
    } catch (failure) {
      if (
        failure instanceof RequestError &&
        (failure.reason === 'alreadyInitialised' || failure.status === 409)
      ) {
        finish(t('sysInit.alreadyInitialised'));
      } else if (markFields(failure)) {
        // The server named the fields; their messages are shown on them.
      } else if (failure instanceof RequestError && failure.kind !== 'http') {
        setError(describeError(failure));
      } else {
        setError(t('sysInit.failed'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('sysInit.title')}>
      <Spin spinning={state.isPending}>
        <Typography.Paragraph type="secondary">{t('sysInit.intro')}</Typography.Paragraph>
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="sys-init-error"
          />
        ) : null}
        <Form<SysInitFormValues>
          form={form}
          name="sysInit"
          layout="vertical"
          onFinish={onFinish}
          disabled={submitting}
          requiredMark="optional"
        >
          <Form.Item
            name="officeName"
            label={t('sysInit.officeName')}
            rules={[
              { required: true, whitespace: true, message: t('sysInit.officeNameRequired') },
              { max: 100, message: t('sysInit.officeNameMax') },
            ]}
          >
            <Input prefix={<BankOutlined />} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('sysInit.username')}
            rules={[
              { required: true, whitespace: true, message: t('sysInit.usernameRequired') },
              { pattern: LOGIN_NAME_PATTERN, message: t('sysInit.usernamePattern') },
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
          </Form.Item>
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
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('sysInit.submit')}
          </Button>
        </Form>
      </Spin>
    </Card>
  );
}
