import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { totpCode } from '../totp.js';

/**
 * A browser that is already signed in, for the tests that are not about signing in. The form (password, security
 * check, the authenticator code) is walked by the tests about it — auth, slice, magic link, the admins' second factor;
 * everywhere else a sign-in through it cost Chromium the /auth page and Amplify's flow, a second or more each, some
 * sixty times a run. Here the tokens come from Cognito's own API (the same password flow the SPA uses locally, and
 * for an admin the same SOFTWARE_TOKEN_MFA answer) and are stored under the keys Amplify's sign-in leaves in local
 * storage, so the app opens exactly as after the form: Amplify reads, checks and refreshes them as its own.
 */

/** The run's cognito-local, as the tests' own Cognito calls reach it (the caller destroys the client). */
export function localCognito(): CognitoIdentityProviderClient {
  const { cognitoEndpoint } = inject('e2e');
  return new CognitoIdentityProviderClient({
    endpoint: cognitoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

type Tokens = { username: string; result: AuthenticationResultType };

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

async function passwordTokens(
  client: CognitoIdentityProviderClient,
  account: { email: string; password: string; totpSecret?: string },
): Promise<Tokens> {
  const { userPoolClientId } = inject('e2e');
  const first = await client.send(
    new InitiateAuthCommand({
      ClientId: userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  if (first.AuthenticationResult) return { username: account.email, result: first.AuthenticationResult };
  if (first.ChallengeName !== 'SOFTWARE_TOKEN_MFA' || !account.totpSecret) {
    throw new Error(`${account.email}: unexpected sign-in step ${first.ChallengeName ?? 'none'}`);
  }
  const answered = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: userPoolClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: first.Session,
      ChallengeResponses: { USERNAME: account.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(account.totpSecret) },
    }),
  );
  if (!answered.AuthenticationResult) throw new Error(`${account.email}: the authenticator code was refused`);
  // After the code, Amplify keys the session by the user's Cognito username (the sub), as the challenge names it.
  const username = claimsOf(answered.AuthenticationResult.IdToken!)['cognito:username'] as string;
  return { username, result: answered.AuthenticationResult };
}

/** The entries Amplify v6's token store writes after a sign-in (its `CognitoIdentityServiceProvider.*` keys). */
function amplifyStorage({ username, result }: Tokens, loginId: string): Record<string, string> {
  const { userPoolClientId } = inject('e2e');
  const prefix = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  return {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.idToken`]: result.IdToken!,
    [`${prefix}.${username}.accessToken`]: result.AccessToken!,
    [`${prefix}.${username}.refreshToken`]: result.RefreshToken!,
    [`${prefix}.${username}.clockDrift`]: '0',
    [`${prefix}.${username}.signInDetails`]: JSON.stringify({ loginId, authFlowType: 'USER_PASSWORD_AUTH' }),
  };
}

/**
 * Opens `path` of the app in `page`, signed in as `account` (a customer, or an admin with their authenticator app's
 * secret). The session is written from a blank page of the app's origin that never reaches the server, so no screen
 * runs before it is in place.
 */
export async function openSignedIn(
  page: Page,
  account: { email: string; password: string; totpSecret?: string },
  path: string,
): Promise<void> {
  const { appUrl } = inject('e2e');
  const client = localCognito();
  const tokens = await passwordTokens(client, account).finally(() => client.destroy());
  const storage = amplifyStorage(tokens, account.email);
  const blank = `${appUrl}/__e2e-session`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>.</title>' }),
  );
  await page.goto(blank);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.unroute(blank);
  await page.goto(`${appUrl}${path}`);
}
