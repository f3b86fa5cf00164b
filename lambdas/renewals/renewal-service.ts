import { RENEWAL_MESSAGES } from '../../domain/messages.js';
import { CONTRACT_PRICE, FREE_RENEWAL_PAYMENT_METHOD, PIX_PAYMENT_METHOD } from '../../domain/pricing.js';
import { renewalEligibility } from '../../domain/renewals.js';
import type { Contract } from '../../domain/schemas/entities.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { createRenewal } from '../shared/data/renewals.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError } from '../shared/errors.js';
import { refusal } from '../../domain/refusals.js';

export type RenewalDeps = { db: Db; clock: Clock };

/**
 * The renewal of the caller's latest contract (spec 02 §2 Renewal, §7 start-free-renewal / start_paid_renewal). The
 * collection read explains a refusal in the customer's words; the write's conditions decide (a concurrent click, an
 * admin moving the process meanwhile), so a stale read can never make a second renewal or spend a free one twice.
 */
export async function startRenewal(
  deps: RenewalDeps,
  caller: Caller,
  kind: 'free' | 'paid',
): Promise<{ contract: Contract }> {
  const collection = await getCustomerCollection(deps.db, caller.userId);
  const eligibility = renewalEligibility(collection);
  if (!eligibility.renewable) throw new ConflictError(eligibility.message);
  const free = kind === 'free';
  if (free && collection.profile!.free_renewals <= 0)
    throw new ConflictError(refusal('no_free_renewals', RENEWAL_MESSAGES.noFreeRenewals));

  const { contract } = await createRenewal(deps.db, {
    userId: caller.userId,
    profileId: collection.profile!.id,
    parentContractId: eligibility.parent.id,
    free,
    // A free renewal keeps the service's value (what the contract is worth); nothing is charged for it.
    valor: CONTRACT_PRICE,
    formaPagamento: free ? FREE_RENEWAL_PAYMENT_METHOD : PIX_PAYMENT_METHOD,
    now: deps.clock(),
  });
  return { contract };
}
