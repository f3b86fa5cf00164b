import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { ADMIN_GROUP } from '../domain/auth.js';

/**
 * Admins' second factor in tests: the code an authenticator app would show, an admin created and enrolled through
 * Cognito's own API (as the SPA's enrolment screen does it), and a password + code sign-in.
 */

/** The 6-digit code of an authenticator app holding `secret` (RFC 6238 defaults, as Cognito uses). */
export const totpCode = (secret: string) => generateSync({ secret });

type Pool = { client: CognitoIdentityProviderClient; userPoolId: string; clientId: string };

/** A confirmed member of the `admin` group, without an authenticator app yet. */
export async function createAdmin(pool: Pool, email: string, password: string): Promise<void> {
  const user = { UserPoolId: pool.userPoolId, Username: email };
  await pool.client.send(
    new AdminCreateUserCommand({
      ...user,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      MessageAction: 'SUPPRESS',
    }),
  );
  await pool.client.send(new AdminSetUserPasswordCommand({ ...user, Password: password, Permanent: true }));
  await pool.client.send(new AdminAddUserToGroupCommand({ ...user, GroupName: ADMIN_GROUP }));
}

async function passwordSignIn(pool: Pool, email: string, password: string) {
  return pool.client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

/** Enrols an authenticator app for a user without one (password sign-in, associate, verify, prefer); its secret. */
export async function enrolAuthenticator(pool: Pool, email: string, password: string): Promise<string> {
  const { AuthenticationResult } = await passwordSignIn(pool, email, password);
  const AccessToken = AuthenticationResult?.AccessToken;
  if (!AccessToken) throw new Error(`${email} did not sign in with the password alone`);
  const { SecretCode } = await pool.client.send(new AssociateSoftwareTokenCommand({ AccessToken }));
  if (!SecretCode) throw new Error('Cognito associated no secret');
  await pool.client.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode) }));
  await pool.client.send(
    new SetUserMFAPreferenceCommand({
      AccessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  return SecretCode;
}

/** Password, then the SOFTWARE_TOKEN_MFA challenge answered with the app's current code. */
export async function signInWithAuthenticator(
  pool: Pool,
  email: string,
  password: string,
  secret: string,
): Promise<AuthenticationResultType> {
  const challenge = await passwordSignIn(pool, email, password);
  if (challenge.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
    throw new Error(`expected the SOFTWARE_TOKEN_MFA challenge, got ${challenge.ChallengeName ?? 'tokens'}`);
  }
  const { AuthenticationResult } = await pool.client.send(
    new RespondToAuthChallengeCommand({
      ClientId: pool.clientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) },
    }),
  );
  if (!AuthenticationResult) throw new Error('the authenticator code was refused');
  return AuthenticationResult;
}
