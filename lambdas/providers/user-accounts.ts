import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
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
  const client = options.client ?? new CognitoIdentityProviderClient({});
  const UserPoolId = options.userPoolId;
  return {
    async isAdmin(userId) {
      let NextToken: string | undefined;
      try {
        do {
          const page = await client.send(
            new AdminListGroupsForUserCommand({ UserPoolId, Username: userId, NextToken }),
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
      try {
        const user = await client.send(new AdminGetUserCommand({ UserPoolId, Username: userId }));
        return (user.UserMFASettingList ?? []).includes(TOTP_MFA_SETTING);
      } catch (error) {
        if (isUserNotFound(error)) return false;
        throw error;
      }
    },
    async deleteUser(userId) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId, Username: userId }));
        return 'deleted';
      } catch (error) {
        if (isUserNotFound(error)) return 'absent';
        throw error;
      }
    },
  };
}
