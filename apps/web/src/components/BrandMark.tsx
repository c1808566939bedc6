import type { BrandConfig } from '@apm/contract';
import { Flex, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link BrandMark}. */
export interface BrandMarkProps {
  brand: BrandConfig;
  /** `large` on the sign-in pages, `small` in the header. */
  size?: 'small' | 'large';
}

/**
 * The brand's logo (when shown) and title; "Admin" (translated) when the brand has no title. The
 * title is a plain heading styled like antd's (Typography is not part of the sign-in page).
 */
export function BrandMark({ brand, size = 'small' }: BrandMarkProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const large = size === 'large';
  const logoSize = large ? 44 : 32;
  const title = brand.title || t('common.admin');
  const Heading = large ? 'h2' : 'h4';
  const style: CSSProperties = {
    margin: 0,
    minWidth: 0,
    color: token.colorTextHeading,
    fontWeight: token.fontWeightStrong,
    fontSize: large ? token.fontSizeHeading2 : token.fontSizeHeading4,
    lineHeight: large ? token.lineHeightHeading2 : token.lineHeightHeading4,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  };
  return (
    <Flex align="center" gap={large ? 12 : 8} style={{ minWidth: 0 }}>
      {brand.showLogo && brand.logo ? (
        <img src={brand.logo} alt="" width={logoSize} height={logoSize} style={{ objectFit: 'contain' }} />
      ) : null}
      <Heading style={style} data-testid="brand-title">
        {title}
      </Heading>
    </Flex>
  );
}
