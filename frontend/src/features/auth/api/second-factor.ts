import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmSignIn, fetchAuthSession, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { BRAND_NAME } from '@/lib/brand';
import { beginSession } from '@/lib/auth-session';
import { unsupportedSignInStepError } from '../lib/auth-errors';

/** The second sign-in step of an admin: the authenticator app's code for the sign-in under way. */
export function useConfirmAuthenticatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const { isSignedIn, nextStep } = await confirmSignIn({ challengeResponse: code });
      if (!isSignedIn) throw unsupportedSignInStepError(nextStep.signInStep);
      await beginSession(queryClient);
    },
  });
}

export type AuthenticatorSetup = { secret: string; setupUri: string; qrCodeDataUrl: string };

/**
 * A new secret for the signed-in user's authenticator app, with its otpauth:// address as a QR code. Each call makes
 * a new secret (the last one wins), so it is fetched once per visit and never refetched behind the user's back.
 */
export const authenticatorSetupQuery = (userId: string, email: string) =>
  queryOptions({
    queryKey: ['auth', 'authenticator-setup', userId],
    queryFn: async (): Promise<AuthenticatorSetup> => {
      const { sharedSecret, getSetupUri } = await setUpTOTP();
      const setupUri = getSetupUri(BRAND_NAME, email).toString();
      const qrCodeDataUrl = await QRCode.toDataURL(setupUri, { margin: 1, width: 224, errorCorrectionLevel: 'M' });
      return { secret: sharedSecret, setupUri, qrCodeDataUrl };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useAuthenticatorSetup(userId: string, email: string) {
  return useQuery(authenticatorSetupQuery(userId, email));
}

/**
 * Verifies the first code, makes the app the preferred second factor, then refreshes the tokens: the new id token
 * carries the second-factor claim the API and the admin guard look for.
 */
export function useEnableAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
      await fetchAuthSession({ forceRefresh: true });
      await beginSession(queryClient);
    },
  });
}
