import { recordConversionRoute } from '../../domain/api/conversions.js';
import { CONVERSION_RATE_LIMIT } from '../../domain/conversion-events.js';
import { keys } from '../shared/data/keys.js';
import { type ApiFunction } from '../catalogue.js';

/** The conversions routes (their handlers in this folder): each with its contract and its grants. */
export const CONVERSION_ROUTES = [
  {
    contract: recordConversionRoute,
    entry: 'lambdas/conversions/record-conversion.ts',
    // Only its own per-address counters (pattern 43), and the ad platforms.
    grants: {
      tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.rateLimitScope(CONVERSION_RATE_LIMIT.scope)] },
      conversions: true,
      secrets: ['rateLimitKey'],
    },
  },
  // A new conversions route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
