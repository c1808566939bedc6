/** The TanStack Query client holding server state. */
import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request';

/** Retries a failed query once, and only when no answer arrived or the server failed (5xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof RequestError)) return true;
  return error.kind === 'network' || error.status >= 500;
}

/** The application's query client: no refetch on focus, a short staleness window. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});
