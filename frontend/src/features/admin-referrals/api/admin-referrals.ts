import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listAdminReferralsRoute } from '@domain/api/admin-referrals.js';
import type { Referral } from '@domain/schemas/entities.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export type ReferralFilters = { search?: string; status?: Referral['status'] };

/** One page of /admin/indicacoes; the next page is asked with the cursor the last one gave. */
export function fetchAdminReferrals(filters: ReferralFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(listAdminReferralsRoute, { body: { ...filters, cursor }, signal });
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
