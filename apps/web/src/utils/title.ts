/** Document title and favicon. */

/** `Admin | <page name>` (spec section 2), with a translated prefix. */
export function formatDocumentTitle(prefix: string, pageName?: string): string {
  return pageName ? `${prefix} | ${pageName}` : prefix;
}

/** Points the page's favicon at `href` (the brand's `icoImg`); does nothing for an empty value. */
export function setFavicon(href: string | undefined): void {
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
}
