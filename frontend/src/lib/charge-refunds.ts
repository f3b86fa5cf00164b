import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAdminClientRoute } from '@domain/api/admin-clients.js';
import { listAdminChargesRoute, refundAdminChargeRoute } from '@domain/api/admin-finance.js';
import { adminSummaryQueryOptions } from './admin-summary';
import { apiCall } from './api-client';

type ChargeRef = { userId: string; contractId: string; chargeId: string };

/** 'Estornar' (on /admin/financeiro and a client's page): the lists, the counters and the client are read again. */
export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, motivo }: { ref: ChargeRef; motivo: string }) =>
      apiCall(refundAdminChargeRoute, { params: ref, body: { motivo } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [listAdminChargesRoute.id] }),
        queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey }),
        // The client's detail page offers 'Estornar' too.
        queryClient.invalidateQueries({ queryKey: [getAdminClientRoute.id] }),
      ]),
  });
}
