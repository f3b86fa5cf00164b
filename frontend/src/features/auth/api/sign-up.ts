import { useMutation } from '@tanstack/react-query';
import { signUp } from 'aws-amplify/auth';
import { recordConversion } from '@/lib/tracking';

export type SignUpInput = { email: string; password: string };

export async function signUpWithEmail({ email, password }: SignUpInput): Promise<void> {
  const { nextStep } = await signUp({ username: email, password, options: { userAttributes: { email } } });
  // Spec 01 §7: the sign-up conversion goes when the new account still has to confirm its e-mail (a new person).
  if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') recordConversion('sign_up', { email });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
