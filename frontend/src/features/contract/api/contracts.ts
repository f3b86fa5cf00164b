import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelContractRoute, signContractRoute } from '@domain/api/contracts.js';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(signContractRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

/**
 * 'Cancelar contrato' (and its retry when the refund could not be asked yet): the collection is read again after. The
 * success toast lives here, not in the button's callbacks: the live channel usually redraws the contract as cancelled
 * (unmounting the button) before the answer arrives, and a caller's own callbacks die with it.
 */
export function useCancelContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(cancelContractRoute, { params: { contractId } }),
    onSuccess: (result) =>
      toast({
        title: WITHDRAWAL_MESSAGES.cancelledToast,
        description:
          result.settlement === 'refused'
            ? WITHDRAWAL_MESSAGES.cancelledRefundRefused
            : result.settlement === 'refund-requested'
              ? WITHDRAWAL_MESSAGES.cancelledRefund
              : WITHDRAWAL_MESSAGES.cancelledNoRefund,
        variant: result.settlement === 'refused' ? 'default' : 'success',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}
