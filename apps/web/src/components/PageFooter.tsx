import { APP_VERSION, type BrandConfig } from '@apm/contract';
import { Flex, Typography } from 'antd';

/** Props of {@link PageFooter}. */
export interface PageFooterProps {
  brand: BrandConfig;
}

/** Footer: the brand's links, its copyright and the product version (spec section 1). */
export function PageFooter({ brand }: PageFooterProps) {
  return (
    <Flex
      component="footer"
      vertical
      align="center"
      gap={4}
      style={{ padding: '16px 16px 24px', textAlign: 'center' }}
      data-testid="page-footer"
    >
      {brand.linkList.length > 0 ? (
        <Flex wrap justify="center" gap={16}>
          {brand.linkList.map((item) => (
            <Typography.Link
              key={`${item.name}-${item.link}`}
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {item.name}
            </Typography.Link>
          ))}
        </Flex>
      ) : null}
      <Typography.Text type="secondary">
        {brand.copyRight ? `${brand.copyRight} · ` : ''}
        <span data-testid="app-version">{APP_VERSION}</span>
      </Typography.Text>
    </Flex>
  );
}
