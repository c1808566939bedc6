import { UserOutlined } from '@ant-design/icons';
import type { CodeWay } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { resetForgotPwd, sendForgotPwdCode } from '../../services/registration';
import { describeError, RequestError } from '../../services/request';
import { CodeInput } from './CodeInput';
import { NewPasswordFields } from './NewPasswordFields';
import { DEFAULT_RULE } from './password-rule';
import { registerConfigQuery } from './register-config';
import { fieldMessages, generalMessage, looseT } from './register-errors';

/** Values of the recovery form. */
interface ForgotValues {
  username: string;
  way: CodeWay;
  verificationCode: string;
  newPassword: string;
  confirm: string;
}

/**
 * `/forgotPassword`: a code goes to the e-mail or phone bound to the account (the answer is the
 * same whether or not the account exists), then the code and a new password reset it.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('registration');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ForgotValues>();
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
      form.setFields(fields.map(([name, key]) => ({ name: name as keyof ForgotValues, errors: [tk(key)] })));
      return;
    }
    const general = generalMessage(failure);
    if (general) setError(tk(general === 'closed' ? 'forgot.closed' : general));
    else if (failure instanceof RequestError && failure.kind !== 'http') setError(describeError(failure));
    else setError(tk(fallback));
  };

  const protect = async (values: Record<string, string>, names: string[]) =>
    protectFields(values, names, await queryClient.fetchQuery(publishKeyQuery()));

  const sendCode = async (): Promise<boolean> => {
    setError(null);
    try {
      await form.validateFields(['username']);
    } catch {
      return false;
    }
    try {
      const { username } = await protect({ username: (form.getFieldValue('username') as string).trim() }, [
        'username',
      ]);
      await sendForgotPwdCode({ username: username!, way });
      void message.success(t('forgot.sent'));
      return true;
    } catch (failure) {
      showFailure(failure, 'sendFailed');
      return false;
    }
  };

  const onFinish = async (values: ForgotValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const secret = await protect({ username: values.username.trim(), newPassword: values.newPassword }, [
        'username',
        'newPassword',
      ]);
      await resetForgotPwd({
        username: secret.username!,
        newPassword: secret.newPassword!,
        way,
        verificationCode: values.verificationCode,
      });
      void message.success(t('forgot.done'));
      navigate('/login', { replace: true });
    } catch (failure) {
      showFailure(failure, 'forgot.failed');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('forgot.title')} data-testid="forgot-page">
      <Spin spinning={config.isPending}>
        <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
        {config.data && ways.length === 0 ? <Alert type="warning" showIcon title={t('noWays')} /> : null}
        {error ? (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="forgot-error"
          />
        ) : null}
        <Form<ForgotValues>
          form={form}
          name="forgotPassword"
          layout="vertical"
          onFinish={onFinish}
          disabled={submitting}
          initialValues={{ way: ways[0] ?? 'email' }}
        >
          <Form.Item
            name="username"
            label={t('forgot.username')}
            rules={[{ required: true, whitespace: true, message: t('forgot.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
          </Form.Item>
          <Form.Item name="way" label={t('way')} hidden={ways.length < 2}>
            <Radio.Group
              options={ways.map((w) => ({ value: w, label: t(w === 'email' ? 'wayEmail' : 'waySms') }))}
            />
          </Form.Item>
          <Form.Item
            name="verificationCode"
            label={t('code')}
            rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}
          >
            <CodeInput onSend={sendCode} />
          </Form.Item>
          <NewPasswordFields
            name="newPassword"
            label={t('forgot.newPassword')}
            requiredMessage={t('forgot.newPasswordRequired')}
            policy={{ rule, t }}
            confirm={{
              label: t('confirm'),
              requiredMessage: t('confirmRequired'),
              mismatchMessage: t('confirmMismatch'),
            }}
          />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            data-testid="forgot-submit"
          >
            {t('forgot.submit')}
          </Button>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
            <Link to="/login">{t('haveAccount')}</Link>
          </Typography.Paragraph>
        </Form>
      </Spin>
    </Card>
  );
}
