/**
 * Entry point: creates the router (which starts loading the route's chunks and session at once),
 * decides the language (cookie, brand default, browser), loads it, connects the request layer to
 * the router and renders.
 */
import 'nprogress/nprogress.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { changeLanguage, preloadLanguage } from './locales/i18n';
import { LANGUAGE_COOKIE } from './locales/languages';
import { resolveLanguage } from './locales/resolve-language';
import { createAppRouter } from './router';
import { brandQuery } from './services/queries';
import { queryClient } from './services/query-client';
import { configureRequest } from './services/request';
import { readCookie } from './utils/cookie';

async function bootstrap(): Promise<void> {
  const cookie = readCookie(LANGUAGE_COOKIE);
  // The brand default only matters when no language was chosen; its answer is cached for the pages.
  // Asked before the router requests the route's chunks: rendering waits for it, and over HTTP/1.1
  // it would otherwise queue behind them.
  const brand = cookie ? undefined : queryClient.fetchQuery(brandQuery());
  // Created next: the route's chunks, its messages and the session check load while the language
  // does, instead of after it (the route's messages follow the language once it is known).
  const router = createAppRouter();
  configureRequest({
    navigate: (path) => void router.navigate(path),
    currentPath: () => router.state.location.pathname,
  });

  // Meanwhile the browser's language loads: usually the brand names none, or the same one.
  if (!cookie) preloadLanguage(resolveLanguage({ browser: navigator.languages }));
  const brandDefault = await brand?.then((b) => b.defaultLanguage).catch(() => undefined);
  await changeLanguage(resolveLanguage({ cookie, brandDefault, browser: navigator.languages }));

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // By now the router has often loaded the page: as a transition, the first render of the shell and
  // page is cut into short tasks instead of one that blocks input for a few hundred milliseconds.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
}

void bootstrap();
