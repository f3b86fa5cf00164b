import {
  cancelContractRoute,
  downloadContractByLinkRoute,
  getContractPdfRoute,
  signContractRoute,
} from '../../domain/api/contracts.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from '../payments/asaas-timeouts.js';
import { keys } from '../shared/data/keys.js';
import { cancellationGrants, items, type ApiFunction } from '../catalogue.js';

/** The contracts routes (their handlers in this folder): each with its contract and its grants. */
export const CONTRACT_ROUTES = [
  {
    contract: signContractRoute,
    entry: 'lambdas/contracts/sign-contract.ts',
    // The customer's contract, process and profile read (pattern 7: a Query of the contract's range, the profile by
    // key); one transaction: the contract signed, the process moved with its history, the profile's `has_contract`,
    // the process and clients counters. The signed PDF in the bucket, the customer's e-mail with its signed link to
    // the PDF (contractLinkKey).
    grants: {
      tableItems: [
        items(['GetItem', 'Query', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['UpdateItem'], keys.counterPk),
      ],
      documents: 'readwrite',
      email: true,
      secrets: ['contractLinkKey'],
    },
  },
  {
    contract: getContractPdfRoute,
    entry: 'lambdas/contracts/get-contract-pdf.ts',
    // Pattern 67: the caller's contract item; a presigned link to its PDF (signing the link needs s3:GetObject).
    grants: { tableItems: items(['GetItem'], keys.customer('')), documents: 'read' },
  },
  {
    contract: downloadContractByLinkRoute,
    entry: 'lambdas/contracts/download-contract-by-link.ts',
    // Pattern 67 for the contract the e-mail's signed token names; the key that checks the token.
    grants: {
      tableItems: items(['GetItem'], keys.customer('')),
      documents: 'read',
      secrets: ['contractLinkKey'],
    },
  },
  {
    contract: cancelContractRoute,
    entry: 'lambdas/contracts/cancel-contract.ts',
    // The cancellation's transaction (contract, process, history, counters, audit, a free renewal's credit), the
    // refund or removal at Asaas through the webhook's status path, the waiting workflow stopped, the customer's e-mail.
    grants: {
      tableItems: cancellationGrants(),
      asaas: true,
      workflow: 'start-and-callback',
      email: true,
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  // A new contracts route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
