import { resolve } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { getAdminSummaryRoute } from '../../domain/api/admin.js';
import { ADMIN_GROUP } from '../../domain/auth.js';
import { ADMIN_ACCESS_MESSAGES } from '../../domain/messages.js';
import { handler as getAdminSummary } from '../../lambdas/admin/get-admin-summary.js';
import { API_ROUTES, type ApiFunction } from '../../lambdas/functions.js';
import { ENV } from '../../lambdas/grants.js';
import { createCognitoUserAccounts } from '../../lambdas/providers/user-accounts.js';
import { ADMIN_MEMBERSHIP_TTL_MS, createAdminMembership } from '../../lambdas/shared/admin-membership.js';
import { ForbiddenError } from '../../lambdas/shared/errors.js';
import { adminClaims, createEmailAddress } from '../factories.js';
import { callRoute, errorOf } from '../route-call.js';

/**
 * An admin removed from the `admin` group loses admin access at once, though their id token still
 * lists the group for up to an hour. Admin routes ask the setup's cognito-local (global-setup.ts) whether the caller
 * is in the group now, trusting a "yes" for ADMIN_MEMBERSHIP_TTL_MS per container and never caching a "no".
 */

const userPoolId = process.env[ENV.userPoolId]!;
const cognito = new CognitoIdentityProviderClient({});
afterAll(() => cognito.destroy());
afterEach(() => void vi.useRealTimers());

/** A new member of the `admin` group; returns their `sub`. */
async function newAdmin(): Promise<string> {
  const { User } = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: createEmailAddress('admin'),
      MessageAction: 'SUPPRESS',
    }),
  );
  const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local created a user without a sub');
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: ADMIN_GROUP }));
  return sub;
}

const removeFromGroup = (sub: string) =>
  cognito.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: ADMIN_GROUP }));
const addToGroup = (sub: string) =>
  cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: sub, GroupName: ADMIN_GROUP }));

const summaryAs = (sub: string) => callRoute(getAdminSummaryRoute, getAdminSummary, { claims: adminClaims(sub) });

describe('an admin route, for an admin whose token still says admin', () => {
  it('serves the seeded admin, who is in the group (the identity every admin test speaks for)', async () => {
    expect((await callRoute(getAdminSummaryRoute, getAdminSummary, { claims: adminClaims() })).status).toBe(200);
  });

  it('refuses a removed admin on their next call once the cached yes runs out, with the pt-BR message', async () => {
    const sub = await newAdmin();
    expect((await summaryAs(sub)).status).toBe(200);
    await removeFromGroup(sub);
    // The container's clock, moved instead of waiting: within the window the yes still holds...
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ADMIN_MEMBERSHIP_TTL_MS - 1_000);
    expect((await summaryAs(sub)).status).toBe(200);
    // ...and once it has run out, the group is asked again.
    vi.setSystemTime(Date.now() + 1_000);
    expect(errorOf(await summaryAs(sub))).toEqual({
      status: 403,
      code: 'forbidden',
      message: ADMIN_ACCESS_MESSAGES.removed,
    });
  });

  it('refuses at once an admin removed before this container saw them, and never caches that no', async () => {
    const sub = await newAdmin();
    await removeFromGroup(sub);
    expect(errorOf(await summaryAs(sub))).toMatchObject({ status: 403, message: ADMIN_ACCESS_MESSAGES.removed });
    await addToGroup(sub);
    expect((await summaryAs(sub)).status).toBe(200);
  });

  it('refuses a deleted user whose token has not expired yet', async () => {
    const sub = await newAdmin();
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: sub }));
    expect(errorOf(await summaryAs(sub))).toMatchObject({ status: 403, message: ADMIN_ACCESS_MESSAGES.removed });
  });
});

describe('every admin route checks the group', () => {
  const handlerOf = async (route: ApiFunction) =>
    (
      (await import(/* @vite-ignore */ resolve(process.cwd(), route.entry))) as {
        handler: Parameters<typeof callRoute>[1];
      }
    ).handler;
  const adminRoutes = API_ROUTES.filter((route) => route.contract.access === 'admin');

  it.each(adminRoutes.map((route) => [route.contract.id, route] as const))(
    '%s refuses a token of the admin group whose user is not in it, before reading the input',
    async (_id, route) => {
      const sub = await newAdmin();
      await removeFromGroup(sub);
      const handler = await handlerOf(route);
      // Placeholder parameters and an empty body: the refusal comes before any parsing or lookup.
      const params = Object.fromEntries(
        [...route.contract.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, ulid()]),
      );
      expect(errorOf(await callRoute(route.contract, handler, { claims: adminClaims(sub), params, body: {} }))).toEqual(
        { status: 403, code: 'forbidden', message: ADMIN_ACCESS_MESSAGES.removed },
      );
    },
  );
});

describe('createAdminMembership over the user pool (AdminListGroupsForUser)', () => {
  const accounts = createCognitoUserAccounts({ userPoolId });

  it('trusts a yes for the TTL it is given, then asks again; a no is asked every time', async () => {
    let now = Date.parse('2026-11-24T12:00:00Z');
    const ttlMs = 5_000;
    const membership = createAdminMembership({ isAdmin: accounts.isAdmin, clock: () => new Date(now), ttlMs });
    const sub = await newAdmin();
    await membership.assertStillAdmin(sub);
    await removeFromGroup(sub);
    now += ttlMs - 1;
    await expect(membership.assertStillAdmin(sub)).resolves.toBeUndefined();
    now += 1;
    await expect(membership.assertStillAdmin(sub)).rejects.toBeInstanceOf(ForbiddenError);
    await addToGroup(sub);
    await expect(membership.assertStillAdmin(sub)).resolves.toBeUndefined();
  });
});
