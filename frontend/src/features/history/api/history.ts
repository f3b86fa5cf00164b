import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** The history reads the customer's collection through the dashboard's route: one request, one shared cache entry. */
export function useCustomerCollection() {
  return useQuery(
    queryOptions({
      queryKey: routeQueryKey(getDashboardRoute),
      queryFn: ({ signal }) => apiCall(getDashboardRoute, { signal }),
    }),
  );
}
