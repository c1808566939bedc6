import './auth/sign-in.css';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { BrandMark } from '../components/BrandMark';
import { PageHeading } from '../components/PageHeading';
import { PageFooter } from '../components/PageFooter';
import { SignInLanguageSwitch } from '../components/SignInLanguageSwitch';
import { FALLBACK_BRAND } from '../services/customer';
import { brandQuery } from '../services/queries';
import { paletteVariables, SIGN_IN_PALETTE } from './auth/sign-in-palette';

const FOOTER_COLORS = { link: SIGN_IN_PALETTE.colorLink, text: SIGN_IN_PALETTE.colorTextDescription };

/**
 * Layout of the signed-out pages (sign-in, initialisation, login expired): brand background,
 * language switch, the brand above a centred card column, footer with copyright and version.
 * Drawn without antd (`auth/sign-in.css`): the sign-in page loads none of it; the other
 * signed-out pages bring it with their own route.
 */
export default function AuthLayout() {
  const { data: brand = FALLBACK_BRAND } = useQuery(brandQuery());
  const background = brand.backgroundImage
    ? `center / cover no-repeat url(${JSON.stringify(brand.backgroundImage)})`
    : `linear-gradient(160deg, ${SIGN_IN_PALETTE.colorPrimaryBg} 0%, ${SIGN_IN_PALETTE.colorBgLayout} 55%)`;

  return (
    <div className="apm-auth" style={{ ...paletteVariables(), background }}>
      <div className="apm-auth-bar">
        <SignInLanguageSwitch />
      </div>
      <main className="apm-auth-main">
        <div className="apm-auth-column">
          <PageHeading />
          <div className="apm-brand">
            <BrandMark brand={brand} size="large" />
            {brand.tag ? <span className="apm-brand-tag">{brand.tag}</span> : null}
          </div>
          <Outlet />
        </div>
      </main>
      <PageFooter brand={brand} colors={FOOTER_COLORS} />
    </div>
  );
}
