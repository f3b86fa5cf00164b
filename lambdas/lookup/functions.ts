import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { keys } from '../shared/data/keys.js';
import { items, rateLimitPrefixes, type ApiFunction } from '../catalogue.js';

/** The lookup routes (their handlers in this folder): each with its contract and its grants. */
export const LOOKUP_ROUTES = [
  {
    contract: lookupProcessRoute,
    entry: 'lambdas/lookup/lookup-process.ts',
    // Reads the lookup's pointers (patterns 5 and 6) and the customer's collection; counts only its own rate limits
    // (pattern 43).
    grants: {
      tableItems: [
        items(['GetItem'], keys.documentGuard(''), keys.protocolPointer('')),
        items(['Query'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('lookupByAddress', 'lookupByQuery')),
      ],
      secrets: ['rateLimitKey'],
    },
  },
  // A new lookup route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
