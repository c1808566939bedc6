import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { AppRouter } from './router';
import { queryClient } from './services/query-client';

/** Props of {@link App}. */
export interface AppProps {
  router: AppRouter;
}

/** Root component: server-state cache and router; antd comes with the routes that use it (`AntdRoot`). */
export function App({ router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
