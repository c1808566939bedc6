import { LockOutlined } from '@ant-design/icons';
import type { PasswordRule } from '@apm/contract';
import { Form, Input } from 'antd';
import { PasswordStrength } from './PasswordStrength';
import { meetsPasswordRule, ruleWhatKey, type StrengthLevel } from './password-rule';

/** Keys of the policy texts: the same in namespace `registration` and under `password` in `account`. */
type RuleKey = 'rule' | 'ruleFailed' | 'strength' | StrengthLevel | ReturnType<typeof ruleWhatKey>;

/** The `t` the policy texts come from (a page's own, as `useTranslation` gives it). */
interface RuleT {
  (key: RuleKey): string;
  (key: RuleKey, options: Record<string, unknown>): string;
}

/** How the new password is checked and described. */
export type NewPasswordPolicy =
  /** The configured rule, described under the field and with a strength bar; texts from `t`. */
  | { rule: PasswordRule; t: RuleT }
  /** A fixed check, described in the label's tooltip; `message` also when it fails. */
  | { test: (password: string) => boolean; message: string };

/** Props of {@link NewPasswordFields}. */
export interface NewPasswordFieldsProps {
  /** Name of the new password's field (`password`, `newPassword`); the confirmation's is `confirm`. */
  name: string;
  label: string;
  requiredMessage: string;
  policy: NewPasswordPolicy;
  /** Label and messages of the confirmation field. */
  confirm: { label: string; requiredMessage: string; mismatchMessage: string };
  /** A field the new password must differ from (the current password), with the message if it does not. */
  differentFrom?: { name: string; message: string };
}

/** What the fields need of a policy: the check, its failure message, the field's hint, the strength bar's text. */
function applyPolicy(policy: NewPasswordPolicy) {
  if ('test' in policy)
    return { meets: policy.test, failedMessage: policy.message, hint: { tooltip: policy.message } };
  const { rule, t } = policy;
  return {
    meets: (value: string) => meetsPasswordRule(value, rule),
    failedMessage: t('ruleFailed'),
    hint: { extra: t('rule', { min: rule.minLength, what: t(ruleWhatKey(rule)) }) },
    strengthLabel: (level: StrengthLevel) => t('strength', { level: t(level) }),
  };
}

/**
 * The new password (checked against the policy) and its confirmation, as `Form.Item`s of the
 * enclosing form; with a {@link PasswordRule}, a strength bar between them.
 */
export function NewPasswordFields({
  name,
  label,
  requiredMessage,
  policy,
  confirm,
  differentFrom,
}: NewPasswordFieldsProps) {
  const password = Form.useWatch<string | undefined>(name);
  const { meets, failedMessage, hint, strengthLabel } = applyPolicy(policy);
  const input = <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={64} />;
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        {...hint}
        dependencies={differentFrom && [differentFrom.name]}
        rules={[
          { required: true, message: requiredMessage },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (!value) return;
              if (!meets(value)) throw new Error(failedMessage);
              if (differentFrom && value === getFieldValue(differentFrom.name))
                throw new Error(differentFrom.message);
            },
          }),
        ]}
      >
        {input}
      </Form.Item>
      {strengthLabel ? <PasswordStrength password={password} label={strengthLabel} /> : null}
      <Form.Item
        name="confirm"
        label={confirm.label}
        dependencies={[name]}
        rules={[
          { required: true, message: confirm.requiredMessage },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue(name)) throw new Error(confirm.mismatchMessage);
            },
          }),
        ]}
      >
        {input}
      </Form.Item>
    </>
  );
}
