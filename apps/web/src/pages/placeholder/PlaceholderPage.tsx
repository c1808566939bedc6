import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import type { Messages } from '../../locales/en-US';
import { pageHandleOf } from '../../router/handle';
import { STATIC_ROUTES, mergeRoutes, routeName } from '../../router/menu-routes';
import { useAccountStore } from '../../stores/account';
import { useLocaleStore } from '../../stores/locale';
import { workAreaOf } from './page-work';

type PageKey = keyof Messages['placeholder']['pages'];

/**
 * A menu page that later work fills: names the page, says what it is for and which work
 * brings it. It never shows made-up data.
 */
export default function PlaceholderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLocaleStore((s) => s.language);
  const serverRoutes = useAccountStore((s) => s.user?.routes);
  const key = pageHandleOf(useMatches())?.menuKey ?? '';
  const route = mergeRoutes(STATIC_ROUTES, serverRoutes).find((r) => r.key === key);
  const name = route ? routeName(route, language) : key;
  const purposeKey = `placeholder.pages.${key as PageKey}` as const;
  const purpose = t(purposeKey, { defaultValue: '' });

  return (
    <Card data-testid="placeholder-page">
      <Result
        icon={<ToolOutlined />}
        title={name}
        subTitle={
          <>
            {purpose ? <p style={{ margin: '0 0 8px' }}>{purpose}</p> : null}
            <p style={{ margin: 0 }}>
              {t('placeholder.filledBy', { work: t(`placeholder.work.${workAreaOf(key)}`) })}
            </p>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
