import { UserOutlined } from '@ant-design/icons';
import type { CodeWay } from '@apm/contract';
import { Form, Input } from 'antd';
import { resetForgotPwd, sendForgotPwdCode } from '../../services/registration';
import { RegistrationFormCard } from './RegistrationFormCard';
import { CodeWayField, RulePasswordFields, VerificationCodeField } from './RegistrationFields';
import { useRegistrationForm } from './use-registration-form';

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
  const flow = useRegistrationForm<ForgotValues>({ closedKey: 'forgot.closed' });
  const { t, form, rule, ways, way, protect } = flow;

  const sendCode = flow.sendCodeAfterChecking('username', async () => {
    const { username } = await protect({ username: (form.getFieldValue('username') as string).trim() }, [
      'username',
    ]);
    await sendForgotPwdCode({ username, way });
    return t('forgot.sent');
  });

  const onFinish = (values: ForgotValues) =>
    flow.submitThenSignIn(
      async () => {
        const secret = await protect({ username: values.username.trim(), newPassword: values.newPassword }, [
          'username',
          'newPassword',
        ]);
        await resetForgotPwd({
          username: secret.username,
          newPassword: secret.newPassword,
          way,
          verificationCode: values.verificationCode,
        });
      },
      t('forgot.done'),
      'forgot.failed',
    );

  return (
    <RegistrationFormCard
      flow={flow}
      name="forgotPassword"
      testId="forgot"
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      submitText={t('forgot.submit')}
      onFinish={onFinish}
    >
      <Form.Item
        name="username"
        label={t('forgot.username')}
        rules={[{ required: true, whitespace: true, message: t('forgot.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={50} />
      </Form.Item>
      <CodeWayField ways={ways} />
      <VerificationCodeField onSend={sendCode} />
      <RulePasswordFields
        name="newPassword"
        label={t('forgot.newPassword')}
        requiredMessage={t('forgot.newPasswordRequired')}
        rule={rule}
      />
    </RegistrationFormCard>
  );
}
