import { startFreeRenewalRoute, startPaidRenewalRoute } from '../../domain/api/renewals.js';
import { keys } from '../shared/data/keys.js';
import { items, type ApiFunction } from '../catalogue.js';
import type { FunctionGrants } from '../grants.js';

/** The renewals routes (their handlers in this folder): each with its contract and its grants. */
export const RENEWAL_ROUTES = [
  { contract: startFreeRenewalRoute, entry: 'lambdas/renewals/start-free-renewal.ts', grants: renewalGrants() },
  { contract: startPaidRenewalRoute, entry: 'lambdas/renewals/start-paid-renewal.ts', grants: renewalGrants() },
  // A new renewals route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];

/**
 * A renewal (patterns 36 and 37): reads the customer's collection, takes the day's protocol number, and writes the new
 * contract, its process and protocol pointer, the profile's counts (or its free renewal), the parent contract's link,
 * under a check of the parent's process, and the process counter.
 */
function renewalGrants(): FunctionGrants {
  return {
    tableItems: [
      items(['Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], keys.customer('')),
      // The protocol's pointer and its search tokens (pattern 86).
      items(['PutItem'], keys.protocolPointer(''), keys.searchPartition('CLIENT', '')),
      items(['UpdateItem'], keys.counterPk),
    ],
  };
}
