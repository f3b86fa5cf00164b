import { QueryClient } from '@tanstack/react-query';
import { isRetryableApiError } from './api-error';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryableApiError(error),
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
    },
  });
}
