import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { parseEmailChangeLink } from '@domain/auth-links.js';
import { ERROR_TITLE, PROFILE_MESSAGES } from '@domain/messages.js';
import { toast } from '@/lib/toast';
import { confirmEmailChange } from './change-email';

/**
 * Opening the change-email link (`/app/perfil#acao=confirmar-email&codigo=…`) confirms the new address for the
 * signed-in customer, drops the code from the address bar, and refreshes the session: Cognito's PreTokenGeneration
 * trigger then carries the confirmed address to the profile and its copies and tells the old address (pattern 63).
 */
export function useEmailChangeConfirmation(): void {
  const queryClient = useQueryClient();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const code = parseEmailChangeLink(window.location.hash);
    if (!code) return;
    handled.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    void (async () => {
      try {
        await confirmEmailChange(code);
      } catch {
        toast({ title: ERROR_TITLE, description: PROFILE_MESSAGES.emailChangeLinkInvalid, variant: 'error' });
        return;
      }
      await queryClient.invalidateQueries();
      toast({
        title: PROFILE_MESSAGES.emailChanged,
        description: PROFILE_MESSAGES.emailChangedDescription,
        variant: 'success',
      });
    })();
  }, [queryClient]);
}
