import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmSignIn,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import QRCode from 'qrcode';
import { BRAND_NAME } from '@/lib/brand';
import { beginSession, endSession } from '@/lib/auth-session';
import { unsupportedSignInStepError } from '../lib/auth-errors';
import { revokeEverySession } from './global-sign-out';

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

/** Cognito's own answer, not the id token's (which may predate an enrolment made on another device). */
async function hasAuthenticatorApp(): Promise<boolean> {
  const { enabled } = await fetchMFAPreference();
  return enabled?.includes('TOTP') ?? false;
}

export type AuthenticatorSetup =
  | { kind: 'new'; secret: string; setupUri: string; qrCodeDataUrl: string }
  /** Enrolled already (elsewhere, or the token is older than the enrolment): nothing to set up. */
  | { kind: 'enrolled' };

/**
 * A new secret for the signed-in user's authenticator app, with its otpauth:// address as a QR code. Each call makes
 * a new secret (the last one wins), so it is fetched once per visit and never refetched behind the user's back; and
 * never for a user who already has an app, whose working secret it would put at risk.
 */
export const authenticatorSetupQuery = (userId: string, email: string) =>
  queryOptions({
    queryKey: ['auth', 'authenticator-setup', userId],
    queryFn: async (): Promise<AuthenticatorSetup> => {
      if (await hasAuthenticatorApp()) return { kind: 'enrolled' };
      const { sharedSecret, getSetupUri } = await setUpTOTP();
      const setupUri = getSetupUri(BRAND_NAME, email).toString();
      const qrCodeDataUrl = await QRCode.toDataURL(setupUri, { margin: 1, width: 224, errorCorrectionLevel: 'M' });
      return { kind: 'new', secret: sharedSecret, setupUri, qrCodeDataUrl };
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

/** Fresh tokens for an admin already enrolled: the new id token carries the second-factor claim. */
export function useRefreshSecondFactorSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await fetchAuthSession({ forceRefresh: true });
      await beginSession(queryClient);
    },
  });
}

/**
 * Verifies the first code and makes the app the preferred second factor, then ends every session of the user
 * (GlobalSignOut) and this one: sessions from before the enrolment never passed the second factor, and a refresh
 * would otherwise give them the claim. The admin signs in again, with the app's code. Safe to retry: an app enrolled
 * by an attempt that failed later is not verified twice.
 */
export function useEnableAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ code, beforeSessionCleared }: { code: string; beforeSessionCleared: () => void }) => {
      if (!(await hasAuthenticatorApp())) {
        await verifyTOTPSetup({ code });
        await updateMFAPreference({ totp: 'PREFERRED' });
      }
      await revokeEverySession();
      await endSession(queryClient, beforeSessionCleared);
    },
  });
}
