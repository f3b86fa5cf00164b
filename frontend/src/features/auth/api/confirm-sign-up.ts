import { useMutation } from '@tanstack/react-query';
import { confirmSignUp } from 'aws-amplify/auth';

export type ConfirmSignUpInput = { email: string; code: string };

/** Called with the e-mail and code from the confirmation link (domain/auth-links). */
export async function confirmEmail({ email, code }: ConfirmSignUpInput): Promise<void> {
  await confirmSignUp({ username: email, confirmationCode: code });
}

export function useConfirmSignUp() {
  return useMutation({ mutationFn: confirmEmail });
}
