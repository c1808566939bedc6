import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { isValidTarget, type CodeWay } from '@apm/contract';
import { Alert, Card, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { register, sendRegisterCode } from '../../services/registration';
import { OrganisationFields } from './OrganisationFields';
import { RegistrationFormCard } from './RegistrationFormCard';
import { CodeWayField, RulePasswordFields, VerificationCodeField } from './RegistrationFields';
import { useRegistrationForm } from './use-registration-form';

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
  const flow = useRegistrationForm<RegisterValues>({ closedKey: 'closed' });
  const { t, form, config, rule, ways, way, protect } = flow;

  const sendCode = flow.sendCodeAfterChecking('target', async () => {
    const target = (form.getFieldValue('target') as string).trim();
    await sendRegisterCode({ way, target });
    return t('codeSent', { target });
  });

  const onFinish = (values: RegisterValues) =>
    flow.submitThenSignIn(
      async () => {
        const secret = await protect({ loginName: values.loginName.trim(), password: values.password }, [
          'loginName',
          'password',
        ]);
        await register({
          officeName: values.officeName.trim(),
          loginName: secret.loginName,
          password: secret.password,
          way,
          target: values.target.trim(),
          verificationCode: values.verificationCode,
        });
      },
      t('registered'),
      'failed',
    );

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
    <RegistrationFormCard
      flow={flow}
      name="register"
      testId="register"
      title={t('title')}
      intro={t('intro')}
      submitText={t('submit')}
      onFinish={onFinish}
    >
      <OrganisationFields
        loginNameField="loginName"
        texts={{
          officeName: t('officeName'),
          officeNameRequired: t('officeNameRequired'),
          officeNameTooLong: t('officeNameTooLong'),
          loginName: t('loginName'),
          loginNameRequired: t('loginNameRequired'),
          loginNamePattern: t('loginNamePattern'),
        }}
      />
      <RulePasswordFields
        name="password"
        label={t('password')}
        requiredMessage={t('passwordRequired')}
        rule={rule}
      />
      <CodeWayField ways={ways} onChange={() => form.setFields([{ name: 'target', errors: [] }])} />
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
      <VerificationCodeField onSend={sendCode} />
    </RegistrationFormCard>
  );
}
