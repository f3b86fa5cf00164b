import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAdminClientRoute } from '@domain/api/admin-clients.js';
import { getAdminKitFileRoute, reviewKitItemRoute } from '@domain/api/filing-kit.js';
import type { KitItemKey, KitRefusalCode } from '@domain/filing-kit.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** Opens one file of a client's kit through a fresh short-lived link; the item becomes 'Em análise'. */
export function useOpenKitFile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, file }: { item: KitItemKey; file?: string }) => {
      // The tab is opened inside the click (a popup blocker lets it through), then pointed at the signed link.
      const tab = window.open('', '_blank');
      const { url } = await apiCall(getAdminKitFileRoute, {
        params: { id: profileId, item },
        query: file ? { file } : {},
      });
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: routeQueryKey(getAdminClientRoute, { params: { id: profileId } }) }),
  });
}

export type KitDecision = { decision: 'aprovar' } | { decision: 'recusar'; code: KitRefusalCode; note?: string };

/** The lawyer's decision on one item; the client detail is read again (the kit, the audit trail). */
export function useReviewKitItem(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, decision }: { item: KitItemKey; decision: KitDecision }) =>
      apiCall(reviewKitItemRoute, { params: { id: profileId, item }, body: decision }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: routeQueryKey(getAdminClientRoute, { params: { id: profileId } }) }),
  });
}
