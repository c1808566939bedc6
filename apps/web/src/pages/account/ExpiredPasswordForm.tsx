import { isStrongPassword, type UserInfo } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../services/queries';
import { pwdPastDueModify } from '../../services/user';
import { PasswordChangeForm } from './PasswordChangeForm';

/**
 * Form replacing an expired password (`pwdPastDueModify`); both passwords are encrypted when
 * landing encryption is on. On success the user continues to `/home`.
 */
export function ExpiredPasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return (
    <PasswordChangeForm
      name="pwdPastDue"
      policy={{ test: isStrongPassword, message: t('account.newPasswordRule') }}
      ruleFailedMessage={t('account.newPasswordRule')}
      save={pwdPastDueModify}
      onSaved={() => {
        // Clear the flag before leaving, or the layout would send the user straight back here.
        queryClient.setQueryData<UserInfo>(queryKeys.userInfo, (old) => old && { ...old, pwdPastDue: false });
        void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
        void message.success(t('account.success'));
        navigate('/home', { replace: true });
      }}
    />
  );
}
