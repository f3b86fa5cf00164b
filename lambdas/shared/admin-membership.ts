import { ADMIN_ACCESS_MESSAGES } from '../../domain/messages.js';
import { systemClock, type Clock } from './clock.js';
import { loadConfig, required } from './config.js';
import { ForbiddenError } from './errors.js';

/**
 * How long a container trusts a "yes, still in the `admin` group" (docs/decisions.md, "A demoted admin"). A removed
 * admin keeps access at most this long on a container that has just seen them; a "no" is never cached, so once the
 * group says no, every container refuses.
 */
export const ADMIN_MEMBERSHIP_TTL_MS = 10_000;

/** Checks, on an admin route, that the caller is still in the `admin` group (their token may say so for an hour). */
export type AdminMembership = { assertStillAdmin(userId: string): Promise<void> };

export function createAdminMembership(options: {
  /** Whether the user is in the `admin` group now (UserAccounts.isAdmin: AdminListGroupsForUser). */
  isAdmin: (userId: string) => Promise<boolean>;
  clock: Clock;
  ttlMs?: number;
}): AdminMembership {
  const ttlMs = options.ttlMs ?? ADMIN_MEMBERSHIP_TTL_MS;
  // userId → when the last "yes" stops counting. Admins are a handful, so the map stays small.
  const confirmedUntil = new Map<string, number>();
  return {
    async assertStillAdmin(userId) {
      const now = options.clock().getTime();
      if ((confirmedUntil.get(userId) ?? 0) > now) return;
      confirmedUntil.delete(userId);
      if (!(await options.isAdmin(userId))) throw new ForbiddenError(ADMIN_ACCESS_MESSAGES.removed);
      confirmedUntil.set(userId, now + ttlMs);
    },
  };
}

/**
 * One per container (every admin route of this function shares it), over the pool its `adminMembership` grant names.
 * The Cognito client is loaded on the first admin call only, so customer and public routes never initialize it. Kept
 * per pool id: on AWS the configuration never changes, and a test that points the function at another pool gets a
 * check of that pool.
 */
let containerMembership: { userPoolId: string; membership: AdminMembership } | undefined;
export function adminMembershipFromEnvironment(env: NodeJS.ProcessEnv = process.env): AdminMembership {
  const { userPoolId } = loadConfig({ userPoolId: required }, env);
  if (containerMembership?.userPoolId === userPoolId) return containerMembership.membership;
  const accounts = import('../providers/user-accounts.js').then(({ createCognitoUserAccounts }) =>
    createCognitoUserAccounts({ userPoolId }),
  );
  const membership = createAdminMembership({
    isAdmin: async (userId) => (await accounts).isAdmin(userId),
    clock: systemClock,
  });
  containerMembership = { userPoolId, membership };
  return membership;
}
