import {
  answerAdminClientWhatsAppReplyRoute,
  getAdminClientWhatsAppRoute,
  getMyWhatsAppRoute,
  receiveWhatsAppWebhookRoute,
  setMyWhatsAppRoute,
  verifyWhatsAppWebhookRoute,
} from '../../domain/api/whatsapp.js';
import { keys } from '../shared/data/keys.js';
import { items, WEBHOOK_THROTTLE, type ApiFunction } from '../catalogue.js';

/** The whatsapp routes (their handlers in this folder): each with its contract and its grants. */
export const WHATSAPP_ROUTES = [
  {
    contract: getMyWhatsAppRoute,
    entry: 'lambdas/whatsapp/get-my-whatsapp.ts',
    // Pattern 94 and the profile's WhatsApp (pattern 2); the company's brand names who writes (`appLinks`).
    grants: { tableItems: items(['GetItem'], keys.customer('')), appLinks: true },
  },
  {
    contract: setMyWhatsAppRoute,
    entry: 'lambdas/whatsapp/set-my-whatsapp.ts',
    // Pattern 94: the consent granted (with the number's pointer, for the replies) or withdrawn.
    grants: {
      tableItems: [
        items(['GetItem', 'UpdateItem'], keys.customer('')),
        items(['UpdateItem'], keys.whatsappPhonePointer('')),
      ],
      appLinks: true,
    },
  },
  {
    contract: getAdminClientWhatsAppRoute,
    entry: 'lambdas/whatsapp/get-admin-client-whatsapp.ts',
    // Pattern 21's pointer, then patterns 94–97 in one Query of the customer's partition, and the profile.
    grants: {
      tableItems: [items(['GetItem'], keys.profileIdPointer('')), items(['GetItem', 'Query'], keys.customer(''))],
    },
  },
  {
    contract: answerAdminClientWhatsAppReplyRoute,
    entry: 'lambdas/whatsapp/answer-admin-client-whatsapp-reply.ts',
    // Pattern 21's pointer; pattern 97's reply marked answered (out of the sparse index).
    grants: {
      tableItems: [items(['GetItem'], keys.profileIdPointer('')), items(['UpdateItem'], keys.customer(''))],
    },
  },
  {
    contract: verifyWhatsAppWebhookRoute,
    entry: 'lambdas/whatsapp/verify-whatsapp-webhook.ts',
    // Only the token Meta echoes.
    grants: { secrets: ['whatsappVerifyToken'] },
    throttle: WEBHOOK_THROTTLE,
  },
  {
    contract: receiveWhatsAppWebhookRoute,
    entry: 'lambdas/whatsapp/receive-whatsapp-webhook.ts',
    // The app secret checks every post first. Pattern 96: a status through the message id's pointer onto the message
    // in the customer's partition; pattern 97: a reply's customer through the number's pointer, the reply stored, a
    // 'SAIR' withdrawing the consent (94) and confirmed (whatsapp); the brand names the company (`appLinks`).
    grants: {
      tableItems: [
        items(['GetItem'], keys.whatsappMessagePointer(''), keys.whatsappPhonePointer('')),
        items(['UpdateItem'], keys.customer('')),
      ],
      whatsapp: true,
      appLinks: true,
      secrets: ['whatsappAppSecret'],
    },
    throttle: WEBHOOK_THROTTLE,
  },
  // A new whatsapp route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];
