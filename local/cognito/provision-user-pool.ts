import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  ListUsersCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../domain/auth.js';

export type UserPoolSpec = { poolName: string; clientName: string; adminEmail: string; adminPassword: string };
export type ProvisionedUserPool = { userPoolId: string; userPoolClientId: string; issuer: string };

/**
 * Creates — or on later starts finds by name and reuses — the pool, app client, `admin` group and seeded admin
 * the app expects, mirroring the CDK user pool. The admin's password is reset to `adminPassword` on every run; their
 * authenticator app is left as it is (none at first: the first admin sign-in shows the enrolment screen).
 */
export async function provisionUserPool(endpoint: string, spec: UserPoolSpec): Promise<ProvisionedUserPool> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    // cognito-local returns every pool at once; the oldest wins should a name ever repeat.
    const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    const existingPool = UserPools.filter((pool) => pool.Name === spec.poolName).sort(
      (a, b) => (a.CreationDate?.getTime() ?? 0) - (b.CreationDate?.getTime() ?? 0),
    )[0];
    const userPoolId =
      existingPool?.Id ??
      (
        await cognito.send(
          new CreateUserPoolCommand({
            PoolName: spec.poolName,
            UsernameAttributes: ['email'],
            AutoVerifiedAttributes: ['email'],
            Policies: {
              PasswordPolicy: {
                MinimumLength: 6,
                RequireLowercase: false,
                RequireUppercase: false,
                RequireNumbers: false,
                RequireSymbols: false,
              },
            },
          }),
        )
      ).UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local created a user pool without an id');
    // As the CDK pool: MFA optional, authenticator apps (TOTP) only; required of admins by the API (docs/decisions.md).
    // Set on every start, so pools provisioned before it get it too.
    await cognito.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );

    const { UserPoolClients = [] } = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    const existingClientId = UserPoolClients.find((client) => client.ClientName === spec.clientName)?.ClientId;
    const userPoolClientId =
      existingClientId ??
      (
        await cognito.send(
          new CreateUserPoolClientCommand({
            UserPoolId: userPoolId,
            ClientName: spec.clientName,
            GenerateSecret: false,
            ExplicitAuthFlows: [
              'ALLOW_USER_PASSWORD_AUTH',
              'ALLOW_USER_SRP_AUTH',
              'ALLOW_CUSTOM_AUTH',
              'ALLOW_REFRESH_TOKEN_AUTH',
            ],
            // As the CDK client: unknown e-mails get the same answers as known ones (magic link included).
            PreventUserExistenceErrors: 'ENABLED',
          }),
        )
      ).UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local created an app client without an id');
    if (existingClientId) {
      // Clients provisioned before the setting existed get it too (cognito-local merges the fields it is given).
      const { UserPoolClient } = await cognito.send(
        new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: existingClientId }),
      );
      if (UserPoolClient?.PreventUserExistenceErrors !== 'ENABLED') {
        await cognito.send(
          new UpdateUserPoolClientCommand({
            UserPoolId: userPoolId,
            ClientId: existingClientId,
            PreventUserExistenceErrors: 'ENABLED',
          }),
        );
      }
    }

    // ListGroups, not GetGroup: cognito-local's GetGroup crashes (500) on a pool that has no group yet.
    const { Groups = [] } = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    if (!Groups.some((group) => group.GroupName === ADMIN_GROUP)) {
      await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
    }

    const admin = { UserPoolId: userPoolId, Username: spec.adminEmail };
    // ListUsers, not AdminGetUser: a miss would log a warning on every fresh start.
    const { Users = [] } = await cognito.send(
      new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${spec.adminEmail}"` }),
    );
    if (Users.length === 0) {
      await cognito.send(
        new AdminCreateUserCommand({
          ...admin,
          UserAttributes: [
            { Name: 'email', Value: spec.adminEmail },
            { Name: 'email_verified', Value: 'true' },
          ],
          MessageAction: 'SUPPRESS',
        }),
      );
    }
    await cognito.send(new AdminSetUserPasswordCommand({ ...admin, Password: spec.adminPassword, Permanent: true }));
    await cognito.send(new AdminAddUserToGroupCommand({ ...admin, GroupName: ADMIN_GROUP }));

    return { userPoolId, userPoolClientId, issuer: `${endpoint.replace(/\/+$/, '')}/${userPoolId}` };
  } finally {
    cognito.destroy();
  }
}
