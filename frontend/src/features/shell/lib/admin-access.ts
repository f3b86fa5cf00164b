import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-error';

/**
 * The API's refusal of an admin screen's call, if `error` is one: a 403 means the caller is no admin now (removed from
 * the group, or without their second factor), whatever the token in this browser still says. Its message is the
 * server's own, in Portuguese.
 */
export function adminAccessRefusal(error: unknown): string | null {
  return error instanceof ApiRequestError && error.status === 403 ? error.message : null;
}

/**
 * Watches every query and mutation of the admin area: the first refused one is returned (and its data dropped, so a
 * refused admin leaves nothing of the back office on screen or in the cache).
 */
export function useAdminAccessRefusal(): string | null {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    const seen = (error: unknown) => {
      const message = adminAccessRefusal(error);
      if (message === null) return;
      setRefusal((current) => current ?? message);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => seen(event.query.state.error));
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => seen(event.mutation?.state.error));
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
  return refusal;
}
