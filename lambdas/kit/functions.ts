import {
  confirmKitUploadRoute,
  createKitUploadRoute,
  getAdminKitFileRoute,
  getMyKitFileRoute,
  getMyKitRoute,
  reviewKitItemRoute,
} from '../../domain/api/filing-kit.js';
import { keys } from '../shared/data/keys.js';
import { items, rateLimitPrefixes, type ApiFunction } from '../catalogue.js';

/** The kit routes (their handlers in this folder): each with its contract and its grants. */
export const KIT_ROUTES = [
  {
    contract: getMyKitRoute,
    entry: 'lambdas/kit/get-my-kit.ts',
    // Pattern 1's Query of the caller's own partition (the kit items are in it).
    grants: { tableItems: items(['Query'], keys.customer('')) },
  },
  {
    contract: createKitUploadRoute,
    entry: 'lambdas/kit/create-kit-upload.ts',
    // Reads the caller's partition, counts its uploads (pattern 43) and signs the POST policy, which S3 authorizes as
    // this function's role: hence its PutObject on the customers' prefix.
    grants: {
      tableItems: [
        items(['Query'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('kitUploadsByCustomer')),
      ],
      documents: 'kit',
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: confirmKitUploadRoute,
    entry: 'lambdas/kit/confirm-kit-upload.ts',
    // Patterns 69–70 in the caller's partition; the scan's tag, the original, the converted PDFs. Decoding a 12 MP
    // photo in JavaScript takes a few hundred MB and seconds: more memory (and so CPU), and the gateway's 29 s.
    grants: {
      tableItems: items(['Query', 'GetItem', 'PutItem'], keys.customer('')),
      documents: 'kit',
    },
    memorySize: 1769,
    timeoutSeconds: 29,
  },
  {
    contract: getAdminKitFileRoute,
    entry: 'lambdas/kit/get-admin-kit-file.ts',
    // The client by profile id, the item (pattern 69), 'Em análise' (pattern 71); a signed link to the file.
    grants: {
      tableItems: [
        items(['GetItem'], keys.profileIdPointer('')),
        items(['Query', 'GetItem', 'UpdateItem'], keys.customer('')),
      ],
      documents: 'read',
    },
  },
  {
    contract: reviewKitItemRoute,
    entry: 'lambdas/kit/review-kit-item.ts',
    // Pattern 72 (the item and its audit record), the refusal's e-mail once (pattern 66), and the move to 'em_analise'
    // (pattern 13: the process, its history, the counters).
    grants: {
      tableItems: [
        items(['GetItem'], keys.profileIdPointer('')),
        items(['Query', 'GetItem', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem'], keys.audit('')),
        items(['UpdateItem'], keys.counterPk),
        items(['UpdateItem'], keys.whatsappMessagePointer('')),
      ],
      email: true,
      // The refusal's WhatsApp once, with consent (patterns 94, 95 and the message id's pointer, 96).
      whatsapp: true,
    },
  },
  {
    contract: getMyKitFileRoute,
    entry: 'lambdas/kit/get-my-kit-file.ts',
    // The caller's own partition (pattern 1's Query, the item by key: pattern 69); an original's scan tag, then a signed
    // link, only under the customers' prefix.
    grants: {
      tableItems: items(['Query', 'GetItem'], keys.customer('')),
      documents: 'kitRead',
    },
  },
  // A new kit route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
