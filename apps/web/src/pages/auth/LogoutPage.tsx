import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountStore } from '../../stores/account';

/** `/logout`: the session expired or was ended; forgets cached account data and offers sign-in. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearAccount = useAccountStore((s) => s.clear);

  useEffect(() => {
    clearAccount();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'brand' });
  }, [clearAccount, queryClient]);

  return (
    <Card>
      <Result
        status="warning"
        title={<span data-testid="login-invalid">{t('exception.loginInvalid')}</span>}
        subTitle={t('exception.loginInvalidDesc')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('common.backToLogin')}
          </Button>
        }
      />
    </Card>
  );
}
