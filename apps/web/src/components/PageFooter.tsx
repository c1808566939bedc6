import { APP_VERSION, type BrandConfig } from '@apm/contract';

/** Props of {@link PageFooter}. */
export interface PageFooterProps {
  brand: BrandConfig;
  /** Colours of the links and of the copyright line (the theme's link and description colours). */
  colors: { link: string; text: string };
}

/** Footer: the brand's links, its copyright and the product version (spec section 1). Plain elements. */
export function PageFooter({ brand, colors }: PageFooterProps) {
  return (
    <footer
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
        padding: '16px 16px 24px',
        textAlign: 'center',
      }}
      data-testid="page-footer"
    >
      {brand.linkList.length > 0 ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 16 }}>
          {brand.linkList.map((item) => (
            <a
              key={`${item.name}-${item.link}`}
              href={item.link}
              target="_blank"
              rel="noopener noreferrer"
              style={{ color: colors.link, textDecoration: 'none' }}
            >
              {item.name}
            </a>
          ))}
        </div>
      ) : null}
      <span style={{ color: colors.text }}>
        {brand.copyRight ? `${brand.copyRight} · ` : ''}
        <span data-testid="app-version">{APP_VERSION}</span>
      </span>
    </footer>
  );
}
