import type { BrandConfig } from '@apm/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link BrandMark}. */
export interface BrandMarkProps {
  brand: BrandConfig;
  /** `large` on the sign-in pages, `small` in the header. */
  size?: 'small' | 'large';
}

/** The brand's logo (when shown) and title; "Admin" (translated) when the brand has no title. */
export function BrandMark({ brand, size = 'small' }: BrandMarkProps) {
  const { t } = useTranslation();
  const logoSize = size === 'large' ? 44 : 32;
  const title = brand.title || t('common.admin');
  return (
    <Flex align="center" gap={size === 'large' ? 12 : 8} style={{ minWidth: 0 }}>
      {brand.showLogo && brand.logo ? (
        <img src={brand.logo} alt="" width={logoSize} height={logoSize} style={{ objectFit: 'contain' }} />
      ) : null}
      <Typography.Title
        level={size === 'large' ? 2 : 4}
        ellipsis
        style={{ margin: 0, minWidth: 0 }}
        data-testid="brand-title"
      >
        {title}
      </Typography.Title>
    </Flex>
  );
}
