import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { executeErasureRequestRoute, listErasureRequestsRoute } from '@domain/api/data-rights.js';
import { listAdminClientsRoute } from '@domain/api/admin-clients.js';
import { adminSummaryQueryOptions } from '@/lib/admin-summary';
import { apiCall, routeQueryKey, routeQueryPrefix } from '@/lib/api-client';

/** LGPD erasure requests, newest first, one page at a time. */
export function erasureRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listErasureRequestsRoute),
    queryFn: ({ signal, pageParam }) =>
      apiCall(listErasureRequestsRoute, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

export function useErasureRequests() {
  return useInfiniteQuery(erasureRequestsQueryOptions());
}

/** Carries a request out; a completed one deleted the client, so the client lists and counters refresh too. */
export function useExecuteErasureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // The client's deletion may take the function's whole time (Asaas, S3, Cognito).
    mutationFn: (protocolo: string) =>
      apiCall(executeErasureRequestRoute, { params: { protocolo }, timeoutMs: 35_000 }),
    onSuccess: ({ request }) => {
      void queryClient.invalidateQueries({ queryKey: erasureRequestsQueryOptions().queryKey });
      if (request.status === 'concluida') {
        queryClient.removeQueries({ queryKey: routeQueryPrefix(listAdminClientsRoute) });
        void queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey });
      }
    },
  });
}
