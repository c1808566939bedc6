import type { BrandConfig } from '@apm/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link BrandMark}. */
export interface BrandMarkProps {
  brand: BrandConfig;
  /** `large` on the sign-in pages, `small` in the header. */
  size?: 'small' | 'large';
}

/**
 * The brand's logo (when shown) and title; "Admin" (translated) when the brand has no title. A
 * plain heading in antd's heading sizes, in the surrounding text colour (light or dark header),
 * since the sign-in page draws it before antd loads.
 */
export function BrandMark({ brand, size = 'small' }: BrandMarkProps) {
  const { t } = useTranslation();
  const large = size === 'large';
  const logoSize = large ? 44 : 32;
  const title = brand.title || t('common.admin');
  const Heading = large ? 'h2' : 'h4';
  const style: CSSProperties = {
    margin: 0,
    minWidth: 0,
    color: 'inherit',
    fontWeight: 600,
    fontSize: large ? 30 : 20,
    lineHeight: large ? 1.27 : 1.4,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  };
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: large ? 12 : 8, minWidth: 0 }}>
      {brand.showLogo && brand.logo ? (
        <img src={brand.logo} alt="" width={logoSize} height={logoSize} style={{ objectFit: 'contain' }} />
      ) : null}
      <Heading style={style} data-testid="brand-title">
        {title}
      </Heading>
    </div>
  );
}
