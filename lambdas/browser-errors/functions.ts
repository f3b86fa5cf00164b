import { reportBrowserErrorRoute } from '../../domain/api/browser-errors.js';
import { rateLimitPrefixes, type ApiFunction } from '../catalogue.js';

/** The browser-errors routes (their handlers in this folder): each with its contract and its grants. */
export const BROWSER_ERROR_ROUTES = [
  {
    contract: reportBrowserErrorRoute,
    entry: 'lambdas/browser-errors/report-browser-error.ts',
    // Only its own counters (pattern 43): per address and the global cap. It logs; it stores no report.
    grants: {
      tableItems: {
        actions: ['UpdateItem'],
        pkPrefixes: rateLimitPrefixes('browserErrorsByAddress', 'browserErrorsGlobal'),
      },
      secrets: ['rateLimitKey'],
    },
  },
  // A new browser-errors route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
