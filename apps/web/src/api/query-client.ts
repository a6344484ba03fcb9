import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './error-catalogue';

/**
 * Failed calls have already been shown by the error catalogue; retrying a business error
 * (401, 403, 450…) would only show it again. Network failures get one quiet retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && error instanceof ApiError && error.failure.kind === 'network',
      },
      mutations: { retry: false },
    },
  });
}
