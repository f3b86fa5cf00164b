import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminSummaryRoute } from '@domain/api/admin.js';
import { apiCall, routeQueryKey } from './api-client';

/**
 * Every admin counter (COUNTER items, pattern 25: clients, processes, charges, referrals) from one route and one cache
 * entry, shared by the admin screens, so a change on one screen refreshes the figures of all of them.
 */
export function adminSummaryQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getAdminSummaryRoute),
    queryFn: ({ signal }) => apiCall(getAdminSummaryRoute, { signal }),
  });
}

export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}
