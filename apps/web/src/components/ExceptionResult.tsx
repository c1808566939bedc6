import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { PageHeading } from './PageHeading';

/** Props of {@link ExceptionResult}. */
export interface ExceptionResultProps {
  status: '403' | '404' | '500';
}

const TEXT = {
  '403': 'exception.forbidden',
  '404': 'exception.notFound',
  '500': 'exception.serverError',
} as const;

/** antd Result for 403/404/500 with a way back home (the root route sends the user on), and its h1 outside the shell. */
export function ExceptionResult({ status }: ExceptionResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Inside the shell the shell gives the page its h1; on its own the page needs one.
  const inShell = useMatches().some((match) => match.id === 'signedIn');
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100%', padding: 16 }}>
      {inShell ? null : <PageHeading />}
      <Result
        status={status}
        title={status}
        subTitle={t(TEXT[status])}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </Flex>
  );
}
