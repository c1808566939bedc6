import { APP_VERSION, type BrandConfig } from '@apm/contract';
import { Flex, theme } from 'antd';

/** Props of {@link PageFooter}. */
export interface PageFooterProps {
  brand: BrandConfig;
}

/** Footer: the brand's links, its copyright and the product version (spec section 1). Plain links and text, no Typography. */
export function PageFooter({ brand }: PageFooterProps) {
  const { token } = theme.useToken();
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
            <a
              key={`${item.name}-${item.link}`}
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              style={{ color: token.colorLink }}
            >
              {item.name}
            </a>
          ))}
        </Flex>
      ) : null}
      <span style={{ color: token.colorTextDescription }}>
        {brand.copyRight ? `${brand.copyRight} · ` : ''}
        <span data-testid="app-version">{APP_VERSION}</span>
      </span>
    </Flex>
  );
}
