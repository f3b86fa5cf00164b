import { useMutation } from '@tanstack/react-query';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';

/**
 * 'Esqueci minha senha'. Cognito sends the code through the CustomMessage trigger, which wraps it in a
 * link back to /auth (domain/auth-links). With user-existence errors prevented, an unknown e-mail
 * succeeds silently, so the answer never reveals who has an account.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await resetPassword({ username: email.trim() });
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
