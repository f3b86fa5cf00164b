import { useMutation } from '@tanstack/react-query';
import { resendSignUpCode, signUp } from 'aws-amplify/auth';
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

/** 'Reenviar e-mail' on 'Confira seu e-mail': Cognito sends a new confirmation link (the old one stops working). */
export async function resendSignUpEmail(email: string): Promise<void> {
  await resendSignUpCode({ username: email });
}

export function useResendSignUpEmail() {
  return useMutation({ mutationFn: resendSignUpEmail });
}
