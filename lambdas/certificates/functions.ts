import { issueNadaConstaRoute, verifyNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { keys } from '../shared/data/keys.js';
import { items, rateLimitPrefixes, type ApiFunction } from '../catalogue.js';

/** The certificates routes (their handlers in this folder): each with its contract and its grants. */
export const CERTIFICATE_ROUTES = [
  {
    contract: issueNadaConstaRoute,
    entry: 'lambdas/certificates/issue-nada-consta.ts',
    // The protocol's pointer, the customer's profile, process and certificate (pattern 44), a new certificate and its
    // code pointer written under a check of the process; its own counters. Reads and writes the PDFs; e-mails the
    // customer.
    grants: {
      tableItems: [
        items(['GetItem'], keys.protocolPointer(''), keys.customer('')),
        // UpdateItem: the e-mail's record in the customer's case file (pattern 84). One statement per condition: IAM
        // merges statements of the same partition-key condition.
        items(['BatchGetItem', 'ConditionCheckItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem'], keys.customer(''), keys.certificatePointer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('nadaConstaByAddress', 'nadaConstaByProtocol')),
      ],
      documents: 'readwrite',
      email: true,
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: verifyNadaConstaRoute,
    entry: 'lambdas/certificates/verify-nada-consta.ts',
    // Pattern 45: the code's pointer, then the certificate and its process; its own counters.
    grants: {
      tableItems: [
        items(['GetItem'], keys.certificatePointer('')),
        items(['BatchGetItem'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('verificationByAddress')),
      ],
      secrets: ['rateLimitKey'],
    },
  },
  // A new certificates route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
