import { ulid } from 'ulid';
import { createContract } from '../../lambdas/shared/data/contracts.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { createProfileInput } from '../factories.js';

/** A customer with a profile and the initial contract (and its process), written through the real access patterns. */
export async function seedCustomer(db: Db, overrides: Parameters<typeof createProfileInput>[0] = {}) {
  const userId = ulid();
  const profile = await createProfile(db, {
    userId,
    input: createProfileInput(overrides),
    referredByProfileId: null,
    now: new Date().toISOString(),
  });
  const { contract, process } = await createContract(db, {
    userId,
    profileId: profile.id,
    valor: 399,
    formaPagamento: 'pix',
    parentContractId: null,
    now: new Date(),
  });
  return { userId, profile, contract, process };
}
