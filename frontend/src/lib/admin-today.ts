import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminTodayRoute } from '@domain/api/admin-today.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** 'Hoje': every queue with its count and oldest items; the admin menu's badges read the same cache entry. */
export function adminTodayQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getAdminTodayRoute),
    queryFn: ({ signal }) => apiCall(getAdminTodayRoute, { signal }),
  });
}

export function useAdminToday(enabled = true) {
  return useQuery({ ...adminTodayQueryOptions(), enabled });
}
