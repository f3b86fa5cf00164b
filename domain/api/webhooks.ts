import * as z from 'zod';
import { normalizeChargeStatus } from '../charge-status.js';
import { defineRoute } from './route.js';

/**
 * The part of Asaas's webhook envelope we rely on (`{ id, event, dateCreated, payment: {…} }`). Asaas adds attributes
 * at any time, so everything else passes through untouched; the charge status is normalised here, at the edge.
 */
export const asaasWebhookSchema = z.object({
  id: z.string().min(1).max(100),
  event: z.string().min(1).max(100),
  /** Absent from events about other things (transfers, invoices…): acknowledged and ignored. */
  payment: z
    .object({ id: z.string().min(1).max(100), status: z.string().min(1).max(50).transform(normalizeChargeStatus) })
    .loose()
    .optional(),
  /** The nota fiscal of INVOICE_* events (domain/invoice.ts): only its id is trusted, the rest is read back. */
  invoice: z
    .object({ id: z.string().min(1).max(100), payment: z.string().max(100).nullish() })
    .loose()
    .optional(),
});
export type AsaasWebhook = z.infer<typeof asaasWebhookSchema>;

/**
 * `orphan_payment`: money paid for a charge we do not have, stored and told to the admins (never only a log line).
 * `unverified`: a body whose money claim Asaas does not confirm when the payment is read back; nothing is applied.
 */
export const WEBHOOK_OUTCOMES = [
  'duplicate',
  'unknown_charge',
  'orphan_payment',
  'recorded',
  'ignored',
  'unverified',
] as const;

/** The header Asaas sends the token we configured in (32 to 255 characters); the edge refuses deliveries without it. */
export const ASAAS_WEBHOOK_TOKEN_HEADER = 'asaas-access-token';

/** Asaas → us. Public: authenticated by the `asaas-access-token` header in the handler, not by Cognito. */
export const receiveAsaasWebhookRoute = defineRoute({
  id: 'ReceiveAsaasWebhook',
  method: 'POST',
  path: '/webhooks/asaas',
  access: 'public',
  body: asaasWebhookSchema,
  response: z.object({ received: z.boolean(), outcome: z.enum(WEBHOOK_OUTCOMES) }),
});
