import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { routeQueryKey } from '@/lib/api-client';
import { currentIdToken } from '@/lib/id-token';
import { openLiveChannel } from '@/lib/live-channel';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';

/**
 * Spec 01 §4, live status-change notice: while a customer has the app open, a change of their process or charge
 * (payment confirmed, an admin moving the process) refreshes the customer collection — dashboard, contract, history —
 * and a process change made by someone else, or a movement the court recorded in the case, shows 'Status atualizado!'.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) });
    const channel = openLiveChannel({
      url: getRuntimeConfig().liveUrl,
      token: currentIdToken,
      onMessage: (message) => {
        refresh();
        if ((message.type === 'process-status' && !message.self) || message.type === 'court-movement') {
          toast({ title: DASHBOARD_MESSAGES.statusUpdated, variant: 'success' });
        }
      },
      onReconnect: refresh,
    });
    return () => channel.close();
  }, [enabled, queryClient]);
}
