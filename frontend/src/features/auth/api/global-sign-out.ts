import { fetchAuthSession } from 'aws-amplify/auth';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * Cognito's GlobalSignOut for the signed-in user: every refresh token they hold, on any device, stops working.
 * Called directly because Amplify's `signOut({ global: true })` swallows its failure, and an admin's enrolment must not
 * report success while a session from before it (which never passed the second factor) could still be refreshed.
 */
export async function revokeEverySession(): Promise<void> {
  const { tokens } = await fetchAuthSession();
  const accessToken = tokens?.accessToken.toString();
  if (!accessToken) throw new Error('no access token to sign out with');
  const { userPoolEndpoint, region } = getRuntimeConfig();
  const response = await fetch(userPoolEndpoint ?? `https://cognito-idp.${region}.amazonaws.com/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  if (!response.ok) throw new Error(`GlobalSignOut answered ${response.status}`);
}
