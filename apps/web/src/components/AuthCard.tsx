import { theme } from 'antd';
import type { ReactNode } from 'react';

/** Props of {@link AuthCard}. */
export interface AuthCardProps {
  title: ReactNode;
  children: ReactNode;
}

/**
 * A card with a title, drawn like antd's Card with the theme's tokens: antd's Card brings Tabs
 * and Skeleton along, which the sign-in page does not need.
 */
export function AuthCard({ title, children }: AuthCardProps) {
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          minHeight: 56,
          padding: `0 ${token.paddingLG}px`,
          borderBottom: border,
          fontSize: token.fontSizeLG,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </div>
      <div style={{ padding: `${token.paddingLG}px ${token.paddingLG}px ${token.paddingXS}px` }}>
        {children}
      </div>
    </section>
  );
}
