import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { lazyClient } from '../shared/lazy-sdk.js';
import { ADMIN_GROUP, TOTP_MFA_SETTING } from '../../domain/auth.js';

/** A sign-in account, as a client's deletion (pattern 28) and the admins' second factor see it. */
export type UserAccounts = {
  /** Whether the user (their `sub` or Cognito username) is in the `admin` group; a user that no longer exists is not. */
  isAdmin(userId: string): Promise<boolean>;
  /** Whether the user has an enrolled (verified) authenticator app; a user that no longer exists has none. */
  hasAuthenticatorApp(userId: string): Promise<boolean>;
  /** Deletes the user; a user already gone is not an error ('absent'), so a deletion can run again. */
  deleteUser(userId: string): Promise<'deleted' | 'absent'>;
};

const isUserNotFound = (error: unknown) => (error as { name?: string } | null)?.name === 'UserNotFoundException';

/**
 * The Cognito user pool. Admin* calls take the `sub` as the username (Cognito accepts it for every user; e-mail is
 * only a sign-in alias here). The endpoint comes from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` (cognito-local).
 */
export function createCognitoUserAccounts(options: {
  userPoolId: string;
  client?: CognitoIdentityProviderClient;
}): UserAccounts {
  const cognito = lazyClient(
    () => import('@aws-sdk/client-cognito-identity-provider'),
    (sdk) => new sdk.CognitoIdentityProviderClient({}),
    options.client,
  );
  const UserPoolId = options.userPoolId;
  return {
    async isAdmin(userId) {
      const { sdk, client } = await cognito();
      let NextToken: string | undefined;
      try {
        do {
          const page = await client.send(
            new sdk.AdminListGroupsForUserCommand({ UserPoolId, Username: userId, NextToken }),
          );
          if ((page.Groups ?? []).some((group) => group.GroupName === ADMIN_GROUP)) return true;
          NextToken = page.NextToken;
        } while (NextToken);
        return false;
      } catch (error) {
        if (isUserNotFound(error)) return false;
        throw error;
      }
    },
    async hasAuthenticatorApp(userId) {
      const { sdk, client } = await cognito();
      try {
        const user = await client.send(new sdk.AdminGetUserCommand({ UserPoolId, Username: userId }));
        return (user.UserMFASettingList ?? []).includes(TOTP_MFA_SETTING);
      } catch (error) {
        if (isUserNotFound(error)) return false;
        throw error;
      }
    },
    async deleteUser(userId) {
      const { sdk, client } = await cognito();
      try {
        await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId, Username: userId }));
        return 'deleted';
      } catch (error) {
        if (isUserNotFound(error)) return 'absent';
        throw error;
      }
    },
  };
}
