import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@/lib/auth-session';

type SignOutOptions = { onSignedOut: () => void; onError: (error: unknown) => void };

/** `onSignedOut` runs before the session cache empties, while the page that asked is still mounted. */
export function useSignOut({ onSignedOut, onError }: SignOutOptions) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => endSession(queryClient, onSignedOut), onError });
}
