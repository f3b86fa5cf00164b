import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeAdminProcessStatusRoute, type StatusChangeBody } from '@domain/api/admin-processes.js';
import { apiCall, isAdminQuery } from './api-client';

export type ProcessStatusChange = { userId: string; contractId: string; body: StatusChangeBody };

/**
 * A confirmed status change with what its guard asked for (docs/decisions.md, Guarded status changes); it settles
 * only once the list and the counters have been read again, so the row never shows the old status after the
 * confirmation.
 */
export function useChangeProcessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, contractId, body }: ProcessStatusChange) =>
      apiCall(changeAdminProcessStatusRoute, { params: { userId, contractId }, body }),
    // Every admin view may show the process (the lists, the counters, 'Hoje', a case file): all read again.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isAdminQuery(query.queryKey) }),
  });
}
