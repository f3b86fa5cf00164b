import { useMutation } from '@tanstack/react-query';
import { AuthError, confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { readTriggerError } from '@domain/refusals.js';

/**
 * 'Esqueci minha senha'. Cognito sends the code through the CustomMessage trigger, which wraps it in a
 * link back to /auth (domain/auth-links). With user-existence errors prevented, an unknown e-mail
 * succeeds silently, so the answer never reveals who has an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await resetPassword({ username: email.trim() });
  } catch (error) {
    // A second request within a minute is refused by the server (lambdas/auth/recovery.ts), which sends nothing.
    // It is answered like a sent e-mail, as an unknown address is, so the answer never tells who has an account;
    // the e-mail of the first request is on its way.
    if (error instanceof AuthError && readTriggerError(error.message).reason === 'rate_limited') return;
    throw error;
  }
}

export type ConfirmPasswordResetInput = { email: string; code: string; newPassword: string };

export async function confirmPasswordReset({ email, code, newPassword }: ConfirmPasswordResetInput): Promise<void> {
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
