import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../components/AuthCard';
import { useFeedback } from '../../components/feedback/use-feedback';
import { FALLBACK_BRAND } from '../../services/customer';
import { login, sendLoginVerificationCode, type VerificationWay } from '../../services/auth';
import { protectFields } from '../../services/landing-encryption';
import {
  brandQuery,
  publishKeyQuery,
  queryKeys,
  seniorValidationQuery,
  sysInitStateQuery,
} from '../../services/queries';
import { RequestError } from '../../services/request';
import { safeRedirect } from '../../utils/redirect';
import { loginErrorKey, needsCaptcha } from './login/login-errors';
import { LazyAlert, LazyCaptchaInput, LazyVerificationCodeField } from './login/lazy-fields';

/** Values of the sign-in form. */
interface LoginFormValues {
  username: string;
  password: string;
  validateCode?: string;
  verificationCode?: string;
}

/**
 * `/login`. Checks initialisation first (anything but 0/1 goes to `/sysInit`), encrypts the
 * credentials when landing encryption is on, asks for the image captcha and the e-mail/SMS
 * code when the server wants them, and translates every failure reason.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LoginFormValues>();

  const brand = useQuery(brandQuery()).data ?? FALLBACK_BRAND;
  const sysInitState = useQuery(sysInitStateQuery());
  const senior = useQuery(seniorValidationQuery());
  // Fetched early so encryption does not delay the submit.
  useQuery(publishKeyQuery());

  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaStamp, setCaptchaStamp] = useState(() => Date.now());
  const [errorKey, setErrorKey] = useState<ReturnType<typeof loginErrorKey> | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ways = senior.data?.required ? senior.data.ways : [];
  const [way, setWay] = useState<VerificationWay | undefined>(undefined);
  const chosenWay = way && ways.includes(way) ? way : ways[0];
  const needVerification = senior.data?.required === true;

  useEffect(() => {
    const state = sysInitState.data;
    if (state !== undefined && state !== 0 && state !== 1) navigate('/sysInit', { replace: true });
  }, [sysInitState.data, navigate]);

  const refreshCaptcha = () => setCaptchaStamp(Date.now());

  const encrypt = async (fields: { username: string; password?: string }) =>
    protectFields(fields, ['username', 'password'], await queryClient.fetchQuery(publishKeyQuery()));

  const onFinish = async (values: LoginFormValues) => {
    setErrorKey(null);
    setSubmitting(true);
    try {
      const { username, password } = await encrypt({
        username: values.username.trim(),
        password: values.password,
      });
      const result = await login({
        username,
        password: password ?? '',
        validateCode: needCaptcha ? values.validateCode?.trim() : undefined,
        verificationCode: needVerification ? values.verificationCode?.trim() : undefined,
      });
      queryClient.removeQueries({ queryKey: queryKeys.userInfo });
      navigate(
        result.pwdPastDue ? '/personalCenter?pwdPastDue=1' : safeRedirect(searchParams.get('redirect')),
        {
          replace: true,
        },
      );
    } catch (error) {
      setErrorKey(loginErrorKey(error));
      if (needsCaptcha(error)) setNeedCaptcha(true);
      if (error instanceof RequestError && error.reason === 'decryptFailed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.publishKey });
      }
      // A captcha answer is good for one attempt only.
      form.setFieldValue('validateCode', undefined);
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const sendCode = async (): Promise<boolean> => {
    if (!chosenWay) return false;
    try {
      await form.validateFields(['username']);
    } catch {
      return false;
    }
    try {
      const { username } = await encrypt({ username: form.getFieldValue('username').trim() });
      await sendLoginVerificationCode({ username, way: chosenWay });
      void message.success(t('login.codeSent'));
      return true;
    } catch (error) {
      const key = loginErrorKey(error);
      void message.error(
        key === 'rateLimited' || key === 'network' ? t(`login.errors.${key}`) : t('login.sendFailed'),
      );
      return false;
    }
  };

  return (
    <AuthCard title={t('login.title')}>
      <Spin spinning={sysInitState.isPending}>
        <Form<LoginFormValues>
          form={form}
          name="login"
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          disabled={submitting}
        >
          {errorKey ? (
            <LazyAlert
              type="error"
              showIcon
              title={t(`login.errors.${errorKey}`)}
              style={{ marginBottom: 16 }}
              data-testid="login-error"
            />
          ) : null}
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
          >
            <Input
              size="large"
              prefix={<UserOutlined />}
              placeholder={t('login.username')}
              autoComplete="username"
              maxLength={64}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              autoComplete="current-password"
              maxLength={64}
            />
          </Form.Item>
          {needCaptcha ? (
            <Form.Item
              name="validateCode"
              label={t('login.captcha')}
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
            >
              <LazyCaptchaInput
                stamp={captchaStamp}
                onRefresh={refreshCaptcha}
                placeholder={t('login.captchaPlaceholder')}
                refreshLabel={t('login.captchaRefresh')}
              />
            </Form.Item>
          ) : null}
          {needVerification && chosenWay ? (
            <LazyVerificationCodeField ways={ways} way={chosenWay} onWayChange={setWay} onSend={sendCode} />
          ) : null}
          <Form.Item style={{ marginBottom: 12 }}>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={submitting}
              data-testid="login-submit"
            >
              {t('login.submit')}
            </Button>
          </Form.Item>
          <Flex justify="space-between" align="center" wrap style={{ marginBottom: 12 }}>
            {brand.showRegister !== false ? (
              <Link to="/register" data-testid="register-link">
                {t('login.register')}
              </Link>
            ) : (
              <span />
            )}
            <Link to="/forgotPassword" data-testid="forgot-link">
              {t('login.forgot')}
            </Link>
          </Flex>
        </Form>
      </Spin>
    </AuthCard>
  );
}
