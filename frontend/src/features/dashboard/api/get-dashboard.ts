import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(getDashboardRoute, { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getDashboardRoute),
    queryFn: ({ signal }) => getDashboard({ signal }),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
