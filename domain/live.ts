import * as z from 'zod';
import { chargeStatusSchema } from './charge-status.js';

/**
 * What the live channel (the WebSocket API) tells a customer's open screens. It carries statuses and ids only, never
 * personal data: the screen refetches its own data through the API, which checks ownership as always.
 */
export const liveMessageSchema = z.discriminatedUnion('type', [
  /** A process moved (an admin, the payment confirmation, the customer's own signature in another tab). */
  z.object({
    type: z.literal('process-status'),
    contractId: z.string(),
    from: z.string(),
    to: z.string(),
    /** Made by the customer themself (signing): their screen already said so, no notice needed. */
    self: z.boolean(),
  }),
  /** A charge's status changed (Asaas's webhook, a verification, 'Marcar pago'). */
  z.object({
    type: z.literal('charge-status'),
    contractId: z.string(),
    chargeId: z.string(),
    status: chargeStatusSchema,
  }),
  /** The court recorded a movement in a filed case (the court sync with DataJud stored it). */
  z.object({ type: z.literal('court-movement'), contractId: z.string() }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** The query-string parameter carrying the Cognito id token on connect (browsers cannot set headers on a WebSocket). */
export const LIVE_TOKEN_PARAM = 'token';

/** API Gateway closes a WebSocket after 2 hours whatever happens; a connection record lives no longer. */
export const LIVE_CONNECTION_MAX_SECONDS = 2 * 60 * 60;
