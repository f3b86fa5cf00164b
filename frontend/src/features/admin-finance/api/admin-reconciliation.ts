import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getAdminReconciliationRoute } from '@domain/api/admin-reconciliation.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

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
  });
}

export function useAdminReconciliation() {
  return useInfiniteQuery(adminReconciliationQueryOptions());
}
