import { describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_MESSAGES } from '../../../domain/messages.js';
import { ADMIN_MEMBERSHIP_TTL_MS, createAdminMembership } from '../../../lambdas/shared/admin-membership.js';
import { ForbiddenError } from '../../../lambdas/shared/errors.js';

/** A group that can change under the check, a clock the test moves, and the lookups the check made. */
function setup() {
  const admins = new Set(['ana']);
  let now = Date.parse('2026-11-24T12:00:00Z');
  const lookups: string[] = [];
  const membership = createAdminMembership({
    isAdmin: async (userId) => {
      lookups.push(userId);
      return admins.has(userId);
    },
    clock: () => new Date(now),
  });
  return { admins, lookups, membership, advance: (ms: number) => void (now += ms) };
}

describe('createAdminMembership: is the caller still in the admin group?', () => {
  it('asks the group once, then trusts the yes for the TTL, and asks again once it runs out', async () => {
    const { lookups, membership, advance } = setup();
    await membership.assertStillAdmin('ana');
    advance(ADMIN_MEMBERSHIP_TTL_MS - 1);
    await membership.assertStillAdmin('ana');
    expect(lookups).toEqual(['ana']);
    advance(1);
    await membership.assertStillAdmin('ana');
    expect(lookups).toEqual(['ana', 'ana']);
  });

  it('refuses a removed admin with the pt-BR message as soon as the cached yes runs out', async () => {
    const { admins, membership, advance } = setup();
    await membership.assertStillAdmin('ana');
    admins.delete('ana');
    await expect(membership.assertStillAdmin('ana')).resolves.toBeUndefined();
    advance(ADMIN_MEMBERSHIP_TTL_MS);
    const refusal = membership.assertStillAdmin('ana');
    await expect(refusal).rejects.toBeInstanceOf(ForbiddenError);
    await expect(refusal).rejects.toThrow(ADMIN_ACCESS_MESSAGES.removed);
  });

  it('never caches a no: a user added back to the group passes on the next call', async () => {
    const { admins, lookups, membership } = setup();
    await expect(membership.assertStillAdmin('bia')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(membership.assertStillAdmin('bia')).rejects.toBeInstanceOf(ForbiddenError);
    admins.add('bia');
    await membership.assertStillAdmin('bia');
    expect(lookups).toEqual(['bia', 'bia', 'bia']);
  });

  it('keeps one yes per user: another admin is asked about on their own', async () => {
    const { admins, lookups, membership } = setup();
    admins.add('caio');
    await membership.assertStillAdmin('ana');
    await membership.assertStillAdmin('caio');
    expect(lookups).toEqual(['ana', 'caio']);
  });
});
