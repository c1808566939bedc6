import type { BrandConfig } from '@apm/contract';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A small sign-in page mock-up showing how a brand looks (footer links as plain texts). */
export function BrandPreview({ brand }: { brand: Omit<BrandConfig, 'brand'> }) {
  const { t } = useTranslation('customers');
  return (
    <Card size="small" title={t('preview')} data-testid="brand-preview">
      <div
        style={{
          minHeight: 220,
          borderRadius: 6,
          padding: 16,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'space-between',
          background: brand.backgroundImage
            ? `center / cover no-repeat url("${encodeURI(brand.backgroundImage)}")`
            : 'linear-gradient(135deg, #e6f4ff, #f0f5ff)',
        }}
      >
        <div style={{ textAlign: 'center' }}>
          {brand.logo ? (
            <img src={brand.logo} alt="" style={{ maxHeight: 48, maxWidth: 160, marginBottom: 8 }} />
          ) : null}
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="brand-preview-title">
            {brand.title}
          </Typography.Title>
          {brand.tag ? <Typography.Text type="secondary">{brand.tag}</Typography.Text> : null}
        </div>
        <div style={{ width: 180, height: 64, background: 'rgba(255,255,255,0.85)', borderRadius: 6 }} />
        {brand.linkList?.length ? (
          <Flex wrap justify="center" gap={12} data-testid="brand-preview-links">
            {brand.linkList.map((l, i) => (
              <Typography.Text key={i} style={{ fontSize: 12, color: '#1677ff' }}>
                {l.name}
              </Typography.Text>
            ))}
          </Flex>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {brand.icoImg ? (
            <img src={brand.icoImg} alt="" style={{ width: 16, height: 16, marginInlineEnd: 6 }} />
          ) : null}
          {brand.copyRight}
        </Typography.Text>
      </div>
    </Card>
  );
}
