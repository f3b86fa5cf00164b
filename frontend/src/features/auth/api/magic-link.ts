/**
 * The magic-link conversation with the Cognito CUSTOM_AUTH triggers (lambdas/auth/custom-auth.ts), kept in
 * this one file. Cognito hands InitiateAuth's ClientMetadata to none of the challenge triggers, so the
 * first challenge only collects the parameters, which travel with the answer (`confirmSignIn`):
 *
 * - asking for a link: `signIn` → answer MAGIC_LINK_REQUEST_ANSWER with `alreadyHaveMagicLink: 'no'` → the
 *   Create trigger e-mails the link and issues a new challenge, left unanswered: it means "sent".
 * - opening the link (`/auth/link-magico#<token>`): `signIn` → answer the token with `alreadyHaveMagicLink: 'yes'`.
 *   The token's signature, not this browser's state, proves the link, so any browser can open it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmSignIn, signIn } from 'aws-amplify/auth';
import {
  MAGIC_LINK_REQUEST_ANSWER,
  magicLinkClientMetadata,
  magicLinkEmail,
  parseMagicLinkFragment,
} from '@domain/auth-links.js';
import { beginSession, endSession, fetchSessionUser } from '@/lib/auth-session';
import { unconfirmedUserError, unsupportedSignInStepError } from '../lib/auth-errors';

const CUSTOM_CHALLENGE_STEP = 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';

type SignInStep = { isSignedIn: boolean; nextStep: { signInStep: string } };

function startMagicLinkSignIn(email: string, alreadyHaveMagicLink: boolean): Promise<SignInStep> {
  return signIn({
    username: email,
    options: { authFlowType: 'CUSTOM_WITHOUT_SRP', clientMetadata: magicLinkClientMetadata(alreadyHaveMagicLink) },
  });
}

function answerChallenge(answer: string, alreadyHaveMagicLink: boolean): Promise<SignInStep> {
  return confirmSignIn({
    challengeResponse: answer,
    options: { clientMetadata: magicLinkClientMetadata(alreadyHaveMagicLink) },
  });
}

function expectChallenge({ isSignedIn, nextStep }: SignInStep): void {
  if (!isSignedIn && nextStep.signInStep === CUSTOM_CHALLENGE_STEP) return;
  if (nextStep.signInStep === 'CONFIRM_SIGN_UP') throw unconfirmedUserError();
  throw unsupportedSignInStepError(nextStep.signInStep);
}

/** Asks for a link. Resolves once the server says it is on its way (an unknown address looks the same). */
export async function requestMagicLink(email: string): Promise<void> {
  expectChallenge(await startMagicLinkSignIn(email.trim(), false));
  expectChallenge(await answerChallenge(MAGIC_LINK_REQUEST_ANSWER, false));
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

/** The token in `location.hash` (`#<token>`), or null when the fragment is not shaped like one. */
export function magicLinkTokenFromHash(hash: string): string | null {
  return parseMagicLinkFragment(hash);
}

export class InvalidMagicLinkError extends Error {
  override readonly name = 'InvalidMagicLinkError';
}

/**
 * Signs in with the link's token. Any failure means this link cannot be used: expired, spent or forged.
 * `endCurrentSession` ends another user's session in this browser first (with its cached data).
 */
export async function signInWithMagicLink(token: string, endCurrentSession: () => Promise<void>): Promise<void> {
  // Unverified: the Cognito username for this browser; only the server's check of the token counts.
  const email = magicLinkEmail(token);
  if (!email) throw new InvalidMagicLinkError('The magic-link token carries no e-mail');
  const current = await fetchSessionUser().catch(() => null);
  if (current && current.email.toLowerCase() === email.toLowerCase()) return;
  // Someone else is signed in here: the link speaks for its own user, so that session ends first, and with it
  // everything cached for that user, even if this link then turns out to be spent.
  if (current) await endCurrentSession();
  expectChallenge(await startMagicLinkSignIn(email, true));
  const { isSignedIn, nextStep } = await answerChallenge(token, true);
  if (!isSignedIn) throw new InvalidMagicLinkError(`Magic link refused (next step ${nextStep.signInStep})`);
}

export function useMagicLinkSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await signInWithMagicLink(token, () => endSession(queryClient));
      // The route guard must see the new session before we navigate, or it bounces back to /auth.
      await beginSession(queryClient);
    },
  });
}
