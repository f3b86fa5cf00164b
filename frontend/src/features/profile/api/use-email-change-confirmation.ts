import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getProfileRoute, updateProfileRoute } from '@domain/api/profile.js';
import { parseEmailChangeLink } from '@domain/auth-links.js';
import { ERROR_TITLE, PROFILE_MESSAGES } from '@domain/messages.js';
import { profileDetailsSchema } from '@domain/schemas/profile-input.js';
import { apiCall } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { confirmEmailChange } from './change-email';

/**
 * Opening the change-email link (`/app/perfil#acao=confirmar-email&codigo=…`) confirms the new address for the
 * signed-in customer, drops the code from the address bar, and saves the profile again so it takes the new e-mail
 * from the refreshed token (the server never takes an e-mail from the form).
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
      try {
        const { profile } = await apiCall(getProfileRoute);
        // The same details again (the schema keeps only them): the server adds the e-mail of the refreshed token.
        if (profile) await apiCall(updateProfileRoute, { body: profileDetailsSchema.parse(profile) });
      } catch {
        // The account's e-mail did change; the profile's copy follows on the customer's next save.
      } finally {
        await queryClient.invalidateQueries();
      }
      toast({
        title: PROFILE_MESSAGES.emailChanged,
        description: PROFILE_MESSAGES.emailChangedDescription,
        variant: 'success',
      });
    })();
  }, [queryClient]);
}
