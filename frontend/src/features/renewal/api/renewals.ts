import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { startFreeRenewalRoute, startPaidRenewalRoute } from '@domain/api/renewals.js';
import { RENEWAL_MESSAGES } from '@domain/messages.js';
import { ApiRequestError } from '@/lib/api-error';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import { toast, toastApiError } from '@/lib/toast';

/**
 * Starting a renewal writes a new contract and, for a free one, spends a free renewal: both land in the customer
 * collection, which the renewal, contract and payment screens read. The spec's toast with the protocol and the way to
 * the contract live here, not in the button's callbacks: a spent free renewal's card goes away with its button at the
 * first read of the new collection, and a caller's own callbacks would die with it if anything (a refetch on focus, a
 * live message) redrew the page before the answer arrived.
 */
export function useStartRenewal(kind: 'free' | 'paid') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
  return useMutation({
    mutationFn: () => apiCall(kind === 'free' ? startFreeRenewalRoute : startPaidRenewalRoute),
    onSuccess: async ({ contract }) => {
      await refresh();
      toast({
        title: kind === 'free' ? RENEWAL_MESSAGES.freeStarted : RENEWAL_MESSAGES.paidCreated,
        description: `Protocolo ${contract.protocolo}. ${
          kind === 'free' ? 'Assine o contrato para iniciar o processo.' : RENEWAL_MESSAGES.signFirst
        }`,
        variant: 'success',
      });
      await navigate('/app/contrato');
    },
    // The server's words for a refusal it explains (409); the spec's fallbacks for anything else.
    onError: (error) => {
      const serverFailed = error instanceof ApiRequestError && error.status >= 500;
      const fallback =
        kind === 'free'
          ? RENEWAL_MESSAGES.freeFailed
          : serverFailed
            ? RENEWAL_MESSAGES.paidFailed
            : RENEWAL_MESSAGES.paidFailedFallback;
      toastApiError(error, fallback);
      return refresh();
    },
  });
}
