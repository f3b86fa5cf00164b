import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerAdminClientWhatsAppReplyRoute, getAdminClientWhatsAppRoute } from '@domain/api/whatsapp.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export function adminClientWhatsAppQueryOptions(profileId: string) {
  return queryOptions({
    queryKey: routeQueryKey(getAdminClientWhatsAppRoute, { params: { id: profileId } }),
    queryFn: ({ signal }) => apiCall(getAdminClientWhatsAppRoute, { params: { id: profileId }, signal }),
  });
}

export function useAdminClientWhatsApp(profileId: string) {
  return useQuery(adminClientWhatsAppQueryOptions(profileId));
}

/** 'Marcar como respondida': the reply leaves 'Hoje'; the section is read again. */
export function useAnswerWhatsAppReply(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) =>
      apiCall(answerAdminClientWhatsAppReplyRoute, { params: { id: profileId }, body: { replyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminClientWhatsAppQueryOptions(profileId).queryKey }),
  });
}
