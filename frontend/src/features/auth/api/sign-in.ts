import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signIn } from 'aws-amplify/auth';
import { beginSession } from '@/lib/auth-session';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { recordConversion } from '@/lib/tracking';
import { unconfirmedUserError, unsupportedSignInStepError } from '../lib/auth-errors';

export type PasswordCredentials = { email: string; password: string };
/** Signed in, or the password was right and Cognito now asks for the authenticator code (admins). */
export type PasswordSignInResult = 'signed-in' | 'authenticator-code';

export async function signInWithPassword({ email, password }: PasswordCredentials): Promise<PasswordSignInResult> {
  // The flow comes from config: AWS uses SRP, cognito-local only knows USER_PASSWORD_AUTH.
  const { passwordAuthFlow } = getRuntimeConfig();
  const { isSignedIn, nextStep } = await signIn({
    username: email,
    password,
    options: { authFlowType: passwordAuthFlow },
  });
  if (isSignedIn) {
    recordConversion('login', { email });
    return 'signed-in';
  }
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'authenticator-code';
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') throw unconfirmedUserError();
  throw unsupportedSignInStepError(nextStep.signInStep);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: PasswordCredentials) => {
      const result = await signInWithPassword(credentials);
      // The route guard must see the new session before we navigate, or it bounces back to /auth.
      if (result === 'signed-in') await beginSession(queryClient);
      return result;
    },
  });
}
