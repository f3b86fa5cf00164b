import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { cancelContractRoute, getContractPdfRoute, signContractRoute } from '@domain/api/contracts.js';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import type { PaymentMethod } from '@domain/payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '@domain/pricing.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * 'Assinar Contrato Digitalmente', sending the words of the ticked 'Li e concordo' (the server records them). The
 * toast and the way on live here, not in the button's callbacks: the signature reaches the live channel, which redraws
 * the contract as signed (unmounting the button) often before the answer arrives, and a caller's own callbacks die
 * with it — the customer was left on the signed contract with no word and no way to the payment.
 */
export function useSignContract() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (contractId: string) =>
      apiCall(signContractRoute, { params: { contractId }, body: { aceite: CONTRACT_MESSAGES.consentLabel } }),
    onSuccess: async (result) => {
      // The collection first, so the next screen opens on the signed contract, not on the one it replaces.
      await queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
      toast({
        title:
          result.contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD
            ? CONTRACT_MESSAGES.freeStarted
            : CONTRACT_MESSAGES.signedToast,
        description: `Protocolo ${result.contract.protocolo}`,
        variant: 'success',
      });
      await navigate(result.next);
    },
  });
}

/**
 * 'Baixar contrato assinado (PDF)': asks for a fresh five-minute link to the stored PDF and follows it; the link answers
 * as an attachment, so the browser saves the file and the page stays.
 */
export function useDownloadContractPdf() {
  return useMutation({
    mutationFn: async (contractId: string) => {
      const { pdf_url } = await apiCall(getContractPdfRoute, { params: { contractId } });
      window.location.assign(pdf_url);
    },
  });
}

/**
 * 'Cancelar contrato' (and its retry when the refund could not be asked yet): the collection is read again after. The
 * success toast lives here (its refund words by `method`, how the refunded charge was paid), not in the button's callbacks: the live channel usually redraws the contract as cancelled
 * (unmounting the button) before the answer arrives, and a caller's own callbacks die with it.
 */
export function useCancelContract(method: PaymentMethod) {
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
              ? WITHDRAWAL_MESSAGES.cancelledRefund(method)
              : WITHDRAWAL_MESSAGES.cancelledNoRefund,
        variant: result.settlement === 'refused' ? 'default' : 'success',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}
