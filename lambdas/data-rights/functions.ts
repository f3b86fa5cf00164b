import {
  executeErasureRequestRoute,
  exportMyDataRoute,
  getMyErasureRequestRoute,
  listErasureRequestsRoute,
  requestErasureRoute,
} from '../../domain/api/data-rights.js';
import { keys } from '../shared/data/keys.js';
import { clientDeletionGrants, items, type ApiFunction } from '../catalogue.js';

/** The data-rights routes (their handlers in this folder): each with its contract and its grants. */
export const DATA_RIGHTS_ROUTES = [
  // LGPD self-service (lambdas/data-rights). The export reads the caller's partition, audit trail and markers, and
  // signs links to their PDFs.
  {
    contract: exportMyDataRoute,
    entry: 'lambdas/data-rights/export-my-data.ts',
    grants: { table: 'read', documents: 'read' },
  },
  {
    contract: getMyErasureRequestRoute,
    entry: 'lambdas/data-rights/get-my-erasure-request.ts',
    grants: { table: 'read' },
  },
  {
    contract: requestErasureRoute,
    entry: 'lambdas/data-rights/request-erasure.ts',
    // Writes only the request and the customer's open-request guard; e-mails its protocol once, under its marker in
    // the request's partition (pattern 66: claimed and completed by UpdateItem).
    grants: {
      table: 'read',
      tableItems: [
        items(['PutItem'], keys.erasureRequest(''), keys.openErasureRequest('')),
        // The request's marker; the e-mail's record in the customer's case file (pattern 84).
        items(['UpdateItem'], keys.erasureRequest(''), keys.customer('')),
      ],
      email: true,
    },
  },
  {
    contract: listErasureRequestsRoute,
    entry: 'lambdas/data-rights/list-erasure-requests.ts',
    grants: { table: 'read' },
  },
  {
    contract: executeErasureRequestRoute,
    entry: 'lambdas/data-rights/execute-erasure-request.ts',
    // The client's deletion (pattern 28, the same grants as DeleteAdminClient) and the request's own items.
    grants: clientDeletionGrants(),
    timeoutSeconds: 29,
  },
  // A new data-rights route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
