import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/**
 * One QueryClient for the app. Failures the server meant (4xx) are never retried; a network failure,
 * timeout or 5xx is retried once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
