import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { getAdminReconciliationRoute, runAdminReconciliationRoute } from '@domain/api/admin-reconciliation.js';
import { listAdminChargesRoute, listOrphanPaymentsRoute } from '@domain/api/admin-finance.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** How often 'Divergências' looks again while a run is under way (the night's, or another admin's). */
const RUNNING_POLL_MS = 5_000;

/** One page of 'Divergências' (with the last run's figures); the next page is asked with the cursor the last one gave. */
export function fetchAdminReconciliation(cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(getAdminReconciliationRoute, { query: cursor ? { cursor } : {}, signal });
}

export function adminReconciliationQueryOptions() {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(getAdminReconciliationRoute),
    queryFn: ({ pageParam, signal }) => fetchAdminReconciliation(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    // A run under way is followed until it ends, so its result shows without a reload.
    refetchInterval: (query) => (query.state.data?.pages[0]?.lastRun?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}

export function useAdminReconciliation() {
  return useInfiniteQuery(adminReconciliationQueryOptions());
}

/**
 * 'Executar agora': runs the reconciliation and answers with its record; then 'Divergências', the payments without a
 * charge and the charges are read again, as the run may have repaired or found any of them.
 */
export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(runAdminReconciliationRoute, {}),
    onSettled: () =>
      Promise.all(
        [getAdminReconciliationRoute, listOrphanPaymentsRoute, listAdminChargesRoute].map((route) =>
          queryClient.invalidateQueries({ queryKey: routeQueryKey(route) }),
        ),
      ),
  });
}
