import type { CodeWay, PasswordRule } from '@apm/contract';
import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeInput } from './CodeInput';
import { NewPasswordFields } from './NewPasswordFields';

/** How the code is sent (e-mail or SMS); hidden while the site offers only one way. */
export function CodeWayField({ ways, onChange }: { ways: readonly CodeWay[]; onChange?: () => void }) {
  const { t } = useTranslation('registration');
  return (
    <Form.Item name="way" label={t('way')} hidden={ways.length < 2}>
      <Radio.Group
        options={ways.map((w) => ({ value: w, label: t(w === 'email' ? 'wayEmail' : 'waySms') }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}

/** The code that was sent, with the button that sends it (`onSend` answers whether it went out). */
export function VerificationCodeField({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation('registration');
  return (
    <Form.Item
      name="verificationCode"
      label={t('code')}
      rules={[{ required: true, whitespace: true, message: t('codeRequired') }]}
    >
      <CodeInput onSend={onSend} />
    </Form.Item>
  );
}

/** Props of {@link RulePasswordFields}. */
export interface RulePasswordFieldsProps {
  /** Name of the password's field; the confirmation's is `confirm`. */
  name: string;
  label: string;
  requiredMessage: string;
  rule: PasswordRule;
}

/** A new password checked against the site's rule, with its confirmation. */
export function RulePasswordFields({ name, label, requiredMessage, rule }: RulePasswordFieldsProps) {
  const { t } = useTranslation('registration');
  return (
    <NewPasswordFields
      name={name}
      label={label}
      requiredMessage={requiredMessage}
      policy={{ rule, t }}
      confirm={{
        label: t('confirm'),
        requiredMessage: t('confirmRequired'),
        mismatchMessage: t('confirmMismatch'),
      }}
    />
  );
}
