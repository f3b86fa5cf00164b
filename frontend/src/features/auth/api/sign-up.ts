import { useMutation } from '@tanstack/react-query';
import { signUp } from 'aws-amplify/auth';

export type SignUpInput = { email: string; password: string };

export async function signUpWithEmail({ email, password }: SignUpInput): Promise<void> {
  await signUp({ username: email, password, options: { userAttributes: { email } } });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
