import { useQuery } from '@tanstack/react-query';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { titleKeyOf } from '../router/handle';
import { brandQuery } from '../services/queries';
import { formatDocumentTitle, setFavicon } from '../utils/title';

NProgress.configure({ showSpinner: false, trickleSpeed: 150 });

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
  const titleKey = titleKeyOf(matches);
  // The spec fixes the prefix: 'Admin | ' plus the page name (translated); the brand only sets the favicon.
  const prefix = t('common.admin');
  const pageName = titleKey ? t(`route.${titleKey}`) : undefined;

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
