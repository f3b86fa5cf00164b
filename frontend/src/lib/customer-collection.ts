import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from './api-client';

/**
 * The customer's whole item collection (profile, contracts, charges, processes, history): one route, one DynamoDB
 * Query, one cache entry shared by the dashboard, contract and history screens, so a change refreshes them all.
 */
export function customerCollectionQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getDashboardRoute),
    queryFn: ({ signal }) => apiCall(getDashboardRoute, { signal }),
  });
}

export function useCustomerCollection() {
  return useQuery(customerCollectionQueryOptions());
}
