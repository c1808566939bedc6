import { BankOutlined, MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { isValidTarget, LOGIN_NAME_PATTERN, type CodeWay } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { register, sendRegisterCode } from '../../services/registration';
import { describeError, RequestError } from '../../services/request';
import { CodeInput } from './CodeInput';
import { NewPasswordFields } from './NewPasswordFields';
import { DEFAULT_RULE } from './password-rule';
import { registerConfigQuery } from './register-config';
import { fieldMessages, generalMessage, looseT } from './register-errors';

/** Values of the sign-up form. */
interface RegisterValues {
  officeName: string;
  loginName: string;
  password: string;
  confirm: string;
  way: CodeWay;
  target: string;
  verificationCode: string;
}

/**
 * `/register`: a new organisation (customer) with its administrator, confirmed by a code sent
 * to an e-mail address or mobile number. Only where the site allows registration.
 */
export default function RegisterPage() {
  const { t } = useTranslation('registration');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RegisterValues>();
  const config = useQuery(registerConfigQuery());
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rule = config.data?.passwordRule ?? DEFAULT_RULE;
  const ways = (['email', 'sms'] as const).filter((w) => config.data?.ways[w]);
  const way: CodeWay = Form.useWatch('way', form) ?? ways[0] ?? 'email';
  const tk = looseT(t);

  const showFailure = (failure: unknown, fallback: string) => {
    const fields = fieldMessages(failure, way === 'sms');
    if (fields.length) {
      form.setFields(
        fields.map(([name, key]) => ({ name: name as keyof RegisterValues, errors: [tk(key)] })),
      );
      return;
    }
    const general = generalMessage(failure);
    if (general) setError(tk(general));
    else if (failure instanceof RequestError && failure.kind !== 'http') setError(describeError(failure));
    else setError(tk(fallback));
  };

  const sendCode = async (): Promise<boolean> => {
    setError(null);
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    const target = form.getFieldValue('target') as string;
    try {
      await sendRegisterCode({ way, target: target.trim() });
      void message.success(t('codeSent', { target: target.trim() }));
      return true;
    } catch (failure) {
      showFailure(failure, 'sendFailed');
      return false;
    }
  };

  const onFinish = async (values: RegisterValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const key = await queryClient.fetchQuery(publishKeyQuery());
      const secret = await protectFields(
        { loginName: values.loginName.trim(), password: values.password },
        ['loginName', 'password'],
        key,
      );
      await register({
        officeName: values.officeName.trim(),
        loginName: secret.loginName,
        password: secret.password,
        way,
        target: values.target.trim(),
        verificationCode: values.verificationCode,
      });
      void message.success(t('registered'));
      navigate('/login', { replace: true });
    } catch (failure) {
      showFailure(failure, 'failed');
    } finally {
      setSubmitting(false);
    }
  };

  if (config.data && !config.data.open) {
    return (
      <Card title={t('title')}>
        <Alert type="warning" showIcon title={t('closed')} data-testid="register-closed" />
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/login">{t('haveAccount')}</Link>
        </Typography.Paragraph>
      </Card>
    );
  }

  const targetRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(t(way === 'sms' ? 'phoneInvalid' : 'emailInvalid'));
      const normalised = way === 'sms' ? value.replace(/[\s-]/g, '') : value.trim().toLowerCase();
      if (!isValidTarget(way, normalised))
        throw new Error(t(way === 'sms' ? 'phoneInvalid' : 'emailInvalid'));
    },
  };

  return (
    <Card title={t('title')} data-testid="register-page">
      <Spin spinning={config.isPending}>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {config.data && ways.length === 0 ? <Alert type="warning" showIcon title={t('noWays')} /> : null}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="register-error"
          />
        ) : null}
        <Form<RegisterValues>
          form={form}
          name="register"
          layout="vertical"
          onFinish={onFinish}
          disabled={submitting}
          initialValues={{ way: ways[0] ?? 'email' }}
        >
          <Form.Item
            name="officeName"
            label={t('officeName')}
            rules={[
              { required: true, whitespace: true, message: t('officeNameRequired') },
              { max: 100, message: t('officeNameTooLong') },
            ]}
          >
            <Input prefix={<BankOutlined />} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            name="loginName"
            label={t('loginName')}
            rules={[
              { required: true, whitespace: true, message: t('loginNameRequired') },
              { pattern: LOGIN_NAME_PATTERN, message: t('loginNamePattern') },
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
          </Form.Item>
          <NewPasswordFields
            name="password"
            label={t('password')}
            requiredMessage={t('passwordRequired')}
            policy={{ rule, t }}
            confirm={{
              label: t('confirm'),
              requiredMessage: t('confirmRequired'),
              mismatchMessage: t('confirmMismatch'),
            }}
          />
          <Form.Item name="way" label={t('way')} hidden={ways.length < 2}>
            <Radio.Group
              options={ways.map((w) => ({ value: w, label: t(w === 'email' ? 'wayEmail' : 'waySms') }))}
              onChange={() => form.setFields([{ name: 'target', errors: [] }])}
            />
          </Form.Item>
          <Form.Item
            name="target"
            label={t(way === 'sms' ? 'phone' : 'email')}
            rules={[targetRule]}
            validateTrigger="onBlur"
          >
            <Input
              prefix={way === 'sms' ? <MobileOutlined /> : <MailOutlined />}
              autoComplete={way === 'sms' ? 'tel' : 'email'}
              maxLength={200}
              data-testid="register-target"
            />
          </Form.Item>
          <Form.Item
            name="verificationCode"
            label={t('code')}
            rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}
          >
            <CodeInput onSend={sendCode} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            data-testid="register-submit"
          >
            {t('submit')}
          </Button>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <Link to="/login">{t('haveAccount')}</Link>
          </Typography.Paragraph>
        </Form>
      </Spin>
    </Card>
  );
}
