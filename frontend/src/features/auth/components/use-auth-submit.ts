import { storeReferralCode } from '@/lib/referral-storage';
import { toastError } from '@/lib/toast';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { authErrorOutcome } from '../lib/auth-errors';
import type { AuthFormValues, AuthMode } from '../lib/auth-form-schema';

type AuthSubmitCallbacks = {
  onModeChange: (mode: AuthMode) => void;
  onAuthenticatorCode: (email: string) => void;
  onSignedUp: (email: string) => void;
};

/** 'Entrar' and 'Cadastrar' with a valid form: what Cognito answered decides where the person goes next. */
export function useAuthSubmit({ onModeChange, onAuthenticatorCode, onSignedUp }: AuthSubmitCallbacks) {
  const signIn = useSignIn();
  const signUp = useSignUp();

  const submit = async (values: AuthFormValues) => {
    if (values.mode === 'login') {
      try {
        // No navigation here: the stored session makes AuthPage redirect to where the user was going.
        const result = await signIn.mutateAsync({ email: values.email, password: values.password });
        if (result === 'authenticator-code') onAuthenticatorCode(values.email);
      } catch (error) {
        toastError(authErrorOutcome(error).message);
      }
      return;
    }
    try {
      storeReferralCode(values.referralCode);
      await signUp.mutateAsync({ email: values.email, password: values.password });
      onSignedUp(values.email);
    } catch (error) {
      const outcome = authErrorOutcome(error);
      toastError(outcome.message);
      if (outcome.switchToLogin) onModeChange('login');
    }
  };

  return { submit, pending: signIn.isPending || signUp.isPending };
}
