import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { modifyPwd } from '../../services/account';
import { queryKeys } from '../../services/queries';
import { DEFAULT_RULE } from '../registration/password-rule';
import { registerConfigQuery } from '../registration/register-config';
import { PasswordChangeForm } from './PasswordChangeForm';

/**
 * Changes the own password with the current one (`modifyPwd`), following the password policy;
 * the user's other sign-ins end, this one stays.
 */
export function ChangePasswordForm() {
  const { t: tp } = useTranslation('account', { keyPrefix: 'password' });
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const config = useQuery(registerConfigQuery());
  const rule = config.data?.passwordRule ?? DEFAULT_RULE;

  return (
    <PasswordChangeForm
      name="changePassword"
      policy={{ rule, t: tp }}
      ruleFailedMessage={tp('ruleFailed')}
      save={modifyPwd}
      onSaved={(form) => {
        form.resetFields();
        void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
        void message.success(tp('changed'));
      }}
      submitTestId="change-password-submit"
    />
  );
}
