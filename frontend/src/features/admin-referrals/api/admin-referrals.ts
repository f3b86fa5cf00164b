import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getAdminSummaryRoute } from '@domain/api/admin.js';
import { listAdminReferralsRoute } from '@domain/api/admin-referrals.js';
import type { Referral } from '@domain/schemas/entities.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export type ReferralFilters = { search?: string; status?: Referral['status'] };

/** One page of /admin/indicacoes; the next page is asked with the cursor the last one gave. */
export function fetchAdminReferrals(filters: ReferralFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(listAdminReferralsRoute, { query: { ...filters, cursor }, signal });
}

export function adminReferralsQueryOptions(filters: ReferralFilters) {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listAdminReferralsRoute, { query: filters }),
    queryFn: ({ pageParam, signal }) => fetchAdminReferrals(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useAdminReferrals(filters: ReferralFilters) {
  return useInfiniteQuery(adminReferralsQueryOptions(filters));
}

/** The admin counters (COUNTER/REFERRALS here: total and one figure per status), shared with every admin screen. */
export function adminSummaryQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getAdminSummaryRoute),
    queryFn: ({ signal }) => apiCall(getAdminSummaryRoute, { signal }),
  });
}

export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}
