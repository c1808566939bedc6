import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router/dom';
import { FeedbackBridge } from './components/FeedbackBridge';
import { DeferredApp } from './components/feedback/DeferredApp';
import type { AppRouter } from './router';
import { queryClient } from './services/query-client';
import { consoleTheme } from './layouts/settings/theme-tokens';
import { useLocaleStore } from './stores/locale';
import { useReducedMotion } from './utils/use-reduced-motion';

/** Props of {@link App}. */
export interface AppProps {
  router: AppRouter;
}

/**
 * Root component: antd configuration (locale; no motion when the system asks for less), antd's
 * feedback API (loaded on first use), server-state cache, feedback bridge and router.
 */
export function App({ router }: AppProps) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={antdLocale} theme={consoleTheme('blue', 'light', !reducedMotion)}>
      <DeferredApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </DeferredApp>
    </ConfigProvider>
  );
}
