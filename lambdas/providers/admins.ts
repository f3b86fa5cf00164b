import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { lazyClient } from '../shared/lazy-sdk.js';
import { ADMIN_GROUP } from '../../domain/auth.js';

/** Who runs the back office, as business code sees it: the e-mail addresses of the `admin` group's active members. */
export type AdminDirectory = { adminEmails(): Promise<string[]> };

/**
 * The Cognito `admin` group (the only source of truth for roles). The endpoint comes from the SDK's standard
 * `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`, so locally it is cognito-local by configuration alone.
 */
export function createCognitoAdminDirectory(options: {
  userPoolId: string;
  client?: CognitoIdentityProviderClient;
}): AdminDirectory {
  const cognito = lazyClient(
    () => import('@aws-sdk/client-cognito-identity-provider'),
    (sdk) => new sdk.CognitoIdentityProviderClient({}),
    options.client,
  );
  return {
    async adminEmails() {
      const { sdk, client } = await cognito();
      const emails: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListUsersInGroupCommand({ UserPoolId: options.userPoolId, GroupName: ADMIN_GROUP, NextToken }),
        );
        for (const user of page.Users ?? []) {
          const email = user.Attributes?.find((a) => a.Name === 'email')?.Value;
          if (email && user.Enabled !== false) emails.push(email);
        }
        NextToken = page.NextToken;
      } while (NextToken);
      return emails;
    },
  };
}
