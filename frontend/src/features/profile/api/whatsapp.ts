import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMyWhatsAppRoute, setMyWhatsAppRoute } from '@domain/api/whatsapp.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** The WhatsApp choice; keyed by the profile's number too, so a saved new number is read again. */
export function myWhatsAppQueryOptions(profileWhatsapp: string) {
  return queryOptions({
    queryKey: [...routeQueryKey(getMyWhatsAppRoute), profileWhatsapp],
    queryFn: ({ signal }) => apiCall(getMyWhatsAppRoute, { signal }),
  });
}

export function useMyWhatsApp(profileWhatsapp: string) {
  return useQuery(myWhatsAppQueryOptions(profileWhatsapp));
}

/** Ticks or unticks the box; the answer (the stored consent) goes straight into the cache. */
export function useSetMyWhatsApp(profileWhatsapp: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) => apiCall(setMyWhatsAppRoute, { body: { consent } }),
    onSuccess: (answer) => queryClient.setQueryData(myWhatsAppQueryOptions(profileWhatsapp).queryKey, answer),
  });
}
