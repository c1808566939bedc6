import { useQuery } from '@tanstack/react-query';
import { Flex, theme } from 'antd';
import { Outlet } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageHeading } from '../components/PageHeading';
import { PageFooter } from '../components/PageFooter';
import { FALLBACK_BRAND } from '../services/customer';
import { brandQuery } from '../services/queries';

/**
 * Layout of the signed-out pages (sign-in, initialisation, login expired): brand background,
 * language switch, the brand above a centred card column, footer with copyright and version.
 * Plain elements rather than antd Layout, which would bring its Sider to the sign-in page.
 */
export default function AuthLayout() {
  const { data: brand = FALLBACK_BRAND } = useQuery(brandQuery());
  const { token } = theme.useToken();
  const background = brand.backgroundImage
    ? `center / cover no-repeat url(${JSON.stringify(brand.backgroundImage)})`
    : `linear-gradient(160deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 55%)`;

  return (
    <Flex vertical style={{ minHeight: '100%', background }}>
      <Flex justify="flex-end" style={{ padding: '8px 12px' }}>
        <LanguageSwitch />
      </Flex>
      <main
        style={{
          flex: 'auto',
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'center',
          padding: '8px 16px',
        }}
      >
        <Flex vertical gap={20} style={{ width: '100%', maxWidth: 440 }}>
          <PageHeading />
          <Flex vertical align="center" gap={4}>
            <BrandMark brand={brand} size="large" />
            {brand.tag ? <span style={{ color: token.colorTextDescription }}>{brand.tag}</span> : null}
          </Flex>
          <Outlet />
        </Flex>
      </main>
      <PageFooter brand={brand} />
    </Flex>
  );
}
