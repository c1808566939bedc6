import { useQuery } from '@tanstack/react-query';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { pageHandleOf } from '../router/handle';
import { brandQuery } from '../services/queries';
import { useLocaleStore } from '../stores/locale';
import { usePageNamesStore } from '../stores/page-names';
import { formatDocumentTitle, setFavicon } from '../utils/title';

// The default template gives the bar role="bar", which is no ARIA role (axe: aria-roles); the bar is
// decoration, found by its class instead.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 150,
  template: '<div class="bar"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Runs the top progress bar while the router loads a page (lazy chunk or loader). */
function useNavigationProgress(): void {
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);
}

/** Keeps the document title (`Admin | <page name>`) and favicon in step with route, language and brand. */
function useDocumentHead(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const { data: brand } = useQuery(brandQuery());
  const language = useLocaleStore((s) => s.language);
  const resolveMenuName = usePageNamesStore((s) => s.resolveMenuName);
  const handle = pageHandleOf(matches);
  // The spec fixes the prefix: 'Admin | ' plus the page name (translated); the brand only sets the favicon.
  const prefix = t('common.admin');
  let pageName: string | undefined;
  if (handle?.menuKey) {
    // Menu pages are named like the menu (the shell registers the resolver once it has loaded).
    pageName = resolveMenuName?.(handle.menuKey, language);
  } else if (handle?.titleKey) pageName = t(`route.${handle.titleKey}`);

  useEffect(() => {
    document.title = formatDocumentTitle(prefix, pageName);
  }, [prefix, pageName, i18n.language]);

  useEffect(() => setFavicon(brand?.icoImg), [brand?.icoImg]);
}

/** Top of the route tree: progress bar, title, favicon, scroll restoration. */
export default function RootLayout() {
  useNavigationProgress();
  useDocumentHead();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
