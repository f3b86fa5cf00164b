import { getFilingDocumentRoute } from '../../domain/api/filing-documents.js';
import { keys } from '../shared/data/keys.js';
import { items, type ApiFunction } from '../catalogue.js';

/** The documents routes (their handlers in this folder): each with its contract and its grants. */
export const DOCUMENT_ROUTES = [
  {
    contract: getFilingDocumentRoute,
    entry: 'lambdas/documents/get-filing-document.ts',
    // Pattern 2: the caller's profile item, which the procuração or declaração is generated from; the company identity
    // (`appLinks`) names the lawyers it appoints.
    grants: { tableItems: items(['GetItem'], keys.customer('')), appLinks: true },
  },
  // A new documents route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
