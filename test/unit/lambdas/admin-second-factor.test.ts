import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { addAdminSecondFactorClaim } from '../../../lambdas/auth/admin-second-factor.js';
import type { UserAccounts } from '../../../lambdas/providers/user-accounts.js';

const eventFor = (groups: string[] | undefined): PreTokenGenerationTriggerEvent =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'user-1',
    triggerSource: 'TokenGeneration_Authentication',
    callerContext: { awsSdkVersion: 'x', clientId: 'c' },
    request: {
      userAttributes: { sub: 'user-1' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: {} },
  }) as PreTokenGenerationTriggerEvent;

const accountsWith = (hasApp: boolean) => {
  const hasAuthenticatorApp = vi.fn(async () => hasApp);
  const accounts: UserAccounts = { isAdmin: vi.fn(), deleteUser: vi.fn(), hasAuthenticatorApp };
  const accountsOf = vi.fn(() => accounts);
  return { accountsOf, hasAuthenticatorApp };
};

describe('the admins’ second-factor claim (PreTokenGeneration)', () => {
  it('adds it for an admin with an enrolled authenticator app, asking the event’s own pool', async () => {
    const { accountsOf, hasAuthenticatorApp } = accountsWith(true);
    const event = await addAdminSecondFactorClaim(accountsOf, eventFor(['editors', 'admin']));
    expect(event.response.claimsOverrideDetails?.claimsToAddOrOverride).toEqual({ admin_second_factor: 'totp' });
    expect(accountsOf).toHaveBeenCalledWith('us-east-1_pool');
    expect(hasAuthenticatorApp).toHaveBeenCalledWith('user-1');
  });

  it('leaves it out for an admin still without an app', async () => {
    const { accountsOf } = accountsWith(false);
    const event = await addAdminSecondFactorClaim(accountsOf, eventFor(['admin']));
    expect(event.response.claimsOverrideDetails?.claimsToAddOrOverride).toBeUndefined();
  });

  it('never adds it, nor calls Cognito, for customers', async () => {
    for (const groups of [undefined, [], ['administrators']]) {
      const { accountsOf, hasAuthenticatorApp } = accountsWith(true);
      const event = await addAdminSecondFactorClaim(accountsOf, eventFor(groups));
      expect(event.response.claimsOverrideDetails?.claimsToAddOrOverride).toBeUndefined();
      expect(hasAuthenticatorApp).not.toHaveBeenCalled();
    }
  });
});
