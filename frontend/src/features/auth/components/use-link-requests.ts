import { useState } from 'react';
import type { UseFormClearErrors, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { toast, toastError } from '@/lib/toast';
import { useRequestMagicLink } from '../api/magic-link';
import { useRequestPasswordReset } from '../api/reset-password';
import { authRequestErrorMessage, magicLinkRequestErrorMessage } from '../lib/auth-errors';
import type { AuthFormFields } from '../lib/auth-form-resolver';
import { magicLinkRequestProblem, passwordRecoveryRequestProblem, type RequestProblem } from '../lib/auth-requests';

type LinkRequestsProps = {
  getValues: UseFormGetValues<AuthFormFields>;
  setError: UseFormSetError<AuthFormFields>;
  clearErrors: UseFormClearErrors<AuthFormFields>;
  /** Whether the security check is answered right (a magic link needs it). */
  checkSolved: boolean;
  /** A new sum to solve: another link needs another answer. */
  refreshCheck: () => void;
};

/** The login's two e-mailed ways in, 'Entrar com Link Mágico' and 'Esqueci minha senha', each asked from the e-mail typed. */
export function useLinkRequests({ getValues, setError, clearErrors, checkSolved, refreshCheck }: LinkRequestsProps) {
  const magicLink = useRequestMagicLink();
  const passwordReset = useRequestPasswordReset();
  /** The address the last magic link went to, shown until the user asks for something else. */
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string | null>(null);

  // What stops a link request is said under the field to fix, which takes the focus (and so is read out).
  const showProblem = (problem: RequestProblem) =>
    setError(problem.field, { type: 'request', message: problem.message }, { shouldFocus: true });

  const sendMagicLink = () => {
    const email = getValues('email').trim();
    const problem = magicLinkRequestProblem(email, checkSolved);
    if (problem) return showProblem(problem);
    clearErrors();
    setMagicLinkSentTo(null);
    magicLink.mutate(email, {
      onSuccess: () => {
        toast({ title: AUTH_MESSAGES.magicLinkSent, variant: 'success' });
        setMagicLinkSentTo(email);
        // Another link needs another answer: the check is what slows scripted requests.
        refreshCheck();
      },
      onError: (error) => toastError(magicLinkRequestErrorMessage(error)),
    });
  };

  const sendPasswordReset = () => {
    const email = getValues('email').trim();
    const problem = passwordRecoveryRequestProblem(email);
    if (problem) return showProblem(problem);
    clearErrors();
    setMagicLinkSentTo(null);
    passwordReset.mutate(email, {
      onSuccess: () =>
        toast({
          title: AUTH_MESSAGES.recoveryEmailSent,
          description: AUTH_MESSAGES.recoveryEmailSentDescription,
          variant: 'success',
        }),
      onError: (error) => toastError(authRequestErrorMessage(error, AUTH_MESSAGES.recoveryEmailFailed)),
    });
  };

  return {
    sendMagicLink,
    sendPasswordReset,
    magicLinkSentTo,
    magicLinkPending: magicLink.isPending,
    passwordResetPending: passwordReset.isPending,
  };
}
