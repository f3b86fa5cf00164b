import * as z from 'zod';
import { CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '../messages.js';
import { PROCESS_STATUSES } from '../process-status.js';
import { chargeSchema, contractSchema } from '../schemas/entities.js';
import { SETTLEMENT_OUTCOMES } from '../withdrawal.js';
import { defineRoute } from './route.js';

/** Signs one of the caller's contracts; the evidence (IP, location, user agent, text hash) is taken by the server. */
export const signContractRoute = defineRoute({
  id: 'SignContract',
  method: 'POST',
  path: '/me/contracts/{contractId}/signature',
  access: 'customer',
  params: z.object({ contractId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, CONTRACT_MESSAGES.notFoundOrSigned) }),
  response: z.object({
    contract: contractSchema,
    processStatus: z.enum(PROCESS_STATUSES),
    /** Where the spec sends the customer next: the payment, or the dashboard for a free renewal. */
    next: z.enum(['/app/pagamento', '/app/dashboard']),
  }),
});

/**
 * 'Cancelar contrato' (direito de arrependimento): the server decides again and answers 409 with the reason outside the
 * window; the money is settled at Asaas (`settlement`), or 503 when Asaas cannot be reached (cancelled anyway; retry).
 */
export const cancelContractRoute = defineRoute({
  id: 'CancelContract',
  method: 'POST',
  path: '/me/contracts/{contractId}/cancellation',
  access: 'customer',
  params: z.object({
    contractId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, WITHDRAWAL_MESSAGES.contractNotFound),
  }),
  response: z.object({
    contract: contractSchema,
    charge: chargeSchema.omit({ qr_code: true }).nullable(),
    settlement: z.enum(SETTLEMENT_OUTCOMES),
  }),
});
