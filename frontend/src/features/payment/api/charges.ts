import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { createChargeRoute, verifyChargeRoute, type ChargeChoice } from '@domain/api/payments.js';
import { PAYMENT_MESSAGES } from '@domain/messages.js';
import { isRefusal } from '@/lib/api-error';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import { toast, toastError } from '@/lib/toast';

/**
 * 'Gerar PIX', 'Pagar com cartão', 'Gerar boleto': the charge lands in the customer collection the screen reads. What
 * follows a new charge (the toast, the card's page) lives here, not in the button's callbacks: the new charge reaches
 * the live channel, which redraws the screen with it (unmounting the button) often before the answer arrives, and a
 * caller's own callbacks die with it.
 */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, choice }: { contractId: string; choice: ChargeChoice }) =>
      apiCall(createChargeRoute, { params: { contractId }, body: choice }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
      if (result.pending) return;
      // The card is paid on Asaas's own page, which sends the customer back here.
      if (result.charge?.forma === 'cartao' && result.charge.link) window.location.assign(result.charge.link);
      else if (result.charge?.forma !== 'boleto') toast({ title: PAYMENT_MESSAGES.pixGenerated, variant: 'success' });
    },
  });
}

/**
 * 'Verificar Pagamento': Asaas is asked, and whatever changed comes back through the collection. The answer's toast
 * lives here for the reason `useCreateCharge` gives: a payment found redraws the screen without the button.
 */
export function useVerifyCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(verifyChargeRoute, { params: { contractId } }),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
      if (result.pago) toast({ title: PAYMENT_MESSAGES.paidToast, variant: 'success' });
      else toast({ title: PAYMENT_MESSAGES.verify, description: PAYMENT_MESSAGES.notPaidYet });
    },
    // Spec 02 §8: a failed verification is only logged; the customer's own limit is told, or the button would seem dead.
    onError: (error) => {
      if (isRefusal(error, 'rate_limited')) toastError(error.message);
      else console.warn('Payment verification failed', error);
    },
  });
}
