import * as z from 'zod';
import { PAYMENT_MESSAGES } from '../messages.js';
import { chargeSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

const contractParams = z.object({
  contractId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, PAYMENT_MESSAGES.contractNotSigned),
});

/**
 * 'Gerar PIX': the one charge of a signed contract of the caller, created at Asaas at most once however often it is
 * asked for. `pending` means another request is creating it right now: ask again in a moment.
 */
export const createChargeRoute = defineRoute({
  id: 'CreateCharge',
  method: 'POST',
  path: '/me/contracts/{contractId}/charge',
  access: 'customer',
  params: contractParams,
  response: z.object({ charge: chargeSchema.nullable(), pending: z.boolean() }),
});

/** 'Verificar Pagamento': reads the payment at Asaas and applies its status as the webhook would. */
export const verifyChargeRoute = defineRoute({
  id: 'VerifyCharge',
  method: 'POST',
  path: '/me/contracts/{contractId}/charge/verification',
  access: 'customer',
  params: contractParams,
  response: z.object({ pago: z.boolean(), charge: chargeSchema }),
});
