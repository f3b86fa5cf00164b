import * as z from 'zod';
import { WHATSAPP_CONSENT_CHANNELS, WHATSAPP_MESSAGE_STATES, WHATSAPP_MESSAGES } from '../whatsapp.js';
import { defineRoute } from './route.js';

const consentSchema = z.object({
  state: z.enum(['granted', 'withdrawn']),
  phone: z.string(),
  grantedAt: z.string(),
  grantedIp: z.string(),
  grantedText: z.string(),
  withdrawnAt: z.string().nullable(),
  withdrawnVia: z.enum(WHATSAPP_CONSENT_CHANNELS).nullable(),
});

/** The customer's choice as the profile shows it: their consent, the profile's mobile (null: not a valid one), the words. */
export const myWhatsAppSchema = z.object({
  consent: consentSchema.nullable(),
  /** The profile's WhatsApp as the Cloud API's `to`, or null when it is not a Brazilian mobile. */
  mobile: z.string().nullable(),
  /** The words beside the box, naming the company: what a grant stores as shown. */
  consentText: z.string(),
});
export type MyWhatsApp = z.infer<typeof myWhatsAppSchema>;

/** Meu Perfil: the WhatsApp choice. */
export const getMyWhatsAppRoute = defineRoute({
  id: 'GetMyWhatsApp',
  method: 'GET',
  path: '/me/whatsapp',
  access: 'customer',
  response: myWhatsAppSchema,
});

/**
 * Meu Perfil: ticks or unticks 'Quero receber atualizações…'. A grant stores its time, the IP and the text the server
 * shows (never words the browser sends); it needs the profile's WhatsApp to be a Brazilian mobile (422 otherwise).
 */
export const setMyWhatsAppRoute = defineRoute({
  id: 'SetMyWhatsApp',
  method: 'PUT',
  path: '/me/whatsapp',
  access: 'customer',
  body: z.object({ consent: z.boolean({ error: WHATSAPP_MESSAGES.invalidConsentRequest }) }),
  response: myWhatsAppSchema,
});

export const adminWhatsAppMessageSchema = z.object({
  event: z.string(),
  template: z.string(),
  /** The body as the customer read it (the template's words with its parameters). */
  text: z.string(),
  to: z.string(),
  sentAt: z.string(),
  status: z.enum(WHATSAPP_MESSAGE_STATES),
  statusAt: z.string().nullable(),
  /** Meta's own words of the last failure, as it gave them. */
  error: z.string().nullable(),
  /** Why it did not reach the customer, in words (a failure, a refusal, a failed attempt waiting for the next). */
  errorText: z.string().nullable(),
  attempts: z.number().int(),
  /** When the next attempt is due, while a failed message waits for it. */
  retryAt: z.string().nullable(),
});

export const adminWhatsAppReplySchema = z.object({
  id: z.string(),
  at: z.string(),
  text: z.string(),
  answeredAt: z.string().nullable(),
  optOut: z.boolean(),
});

/** The case file's WhatsApp section: consent (when, how), the messages with their delivery status, the replies. */
export const adminClientWhatsAppSchema = z.object({
  consent: consentSchema.nullable(),
  messages: z.array(adminWhatsAppMessageSchema),
  replies: z.array(adminWhatsAppReplySchema),
  /** wa.me link to answer the customer from the company's WhatsApp (null without a usable number). */
  answerLink: z.string().nullable(),
});
export type AdminClientWhatsApp = z.infer<typeof adminClientWhatsAppSchema>;

const profileIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const getAdminClientWhatsAppRoute = defineRoute({
  id: 'GetAdminClientWhatsApp',
  method: 'GET',
  path: '/admin/clients/{id}/whatsapp',
  access: 'admin',
  params: profileIdParams,
  response: adminClientWhatsAppSchema,
});

/** An admin answered a reply (from WhatsApp): it leaves 'Hoje'. */
export const answerAdminClientWhatsAppReplyRoute = defineRoute({
  id: 'AnswerAdminClientWhatsAppReply',
  method: 'POST',
  path: '/admin/clients/{id}/whatsapp/answered',
  access: 'admin',
  params: profileIdParams,
  body: z.object({ replyId: z.string().min(1).max(300) }),
  response: z.object({ answered: z.boolean() }),
});

/** The header Meta signs every webhook POST with (`sha256=<hex>`, the app secret's HMAC of the raw body). */
export const WHATSAPP_SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * Meta's verification handshake when the webhook is registered: `hub.mode=subscribe`, our verify token, and a
 * challenge to echo as the plain-text body. Public; a wrong token is 403.
 */
export const verifyWhatsAppWebhookRoute = defineRoute({
  id: 'VerifyWhatsAppWebhook',
  method: 'GET',
  path: '/webhooks/whatsapp',
  access: 'public',
  query: z.object({
    'hub.mode': z.string().max(50).optional(),
    'hub.verify_token': z.string().max(300).optional(),
    'hub.challenge': z.string().max(300).optional(),
  }),
  response: z.string(),
});

const statusSchema = z
  .object({
    id: z.string().min(1).max(300),
    status: z.string().max(30),
    timestamp: z.string().regex(/^\d{1,12}$/),
    errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
  })
  .loose();

const inboundSchema = z
  .object({
    id: z.string().min(1).max(300),
    from: z.string().min(1).max(30),
    timestamp: z.string().regex(/^\d{1,12}$/),
    type: z.string().max(30),
    text: z
      .object({ body: z.string().max(8192) })
      .loose()
      .optional(),
    button: z
      .object({ text: z.string().max(8192) })
      .loose()
      .optional(),
  })
  .loose();

/**
 * The part of Meta's webhook envelope we read (`entry[].changes[].value.statuses[]` and `.messages[]`); anything else
 * passes through untouched (Meta adds fields at any time). Checked only after the signature.
 */
export const whatsappWebhookSchema = z
  .object({
    object: z.string().max(100),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: z.string().max(100),
                    value: z
                      .object({
                        statuses: z.array(statusSchema).max(1000).optional(),
                        messages: z.array(inboundSchema).max(1000).optional(),
                      })
                      .loose(),
                  })
                  .loose(),
              )
              .max(100),
          })
          .loose(),
      )
      .max(100),
  })
  .loose();
export type WhatsAppWebhook = z.infer<typeof whatsappWebhookSchema>;

/** Meta → us: delivery statuses and replies. Public: authenticated by `X-Hub-Signature-256` in the handler. */
export const receiveWhatsAppWebhookRoute = defineRoute({
  id: 'ReceiveWhatsAppWebhook',
  method: 'POST',
  path: '/webhooks/whatsapp',
  access: 'public',
  body: whatsappWebhookSchema,
  response: z.object({ received: z.boolean() }),
});
