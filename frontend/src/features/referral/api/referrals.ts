import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getReferralsRoute, inviteReferralRoute, type ReferralInviteInput } from '@domain/api/referrals.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** The caller's code, referrals and counters (one route, one Query of their item collection). */
export function referralsQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getReferralsRoute),
    queryFn: ({ signal }) => apiCall(getReferralsRoute, { signal }),
  });
}

export function useReferrals() {
  return useQuery(referralsQueryOptions());
}

/** 'Enviar convite': the server writes the invite and e-mails it; the counters are read again. */
export function useInviteReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferralInviteInput) => apiCall(inviteReferralRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referralsQueryOptions().queryKey }),
  });
}
