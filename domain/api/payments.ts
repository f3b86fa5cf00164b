import * as z from 'zod';
import { PAYMENT_MESSAGES } from '../messages.js';
import { CHECKOUT_MESSAGES, CHECKOUT_METHODS, MAX_INSTALMENTS } from '../payment-methods.js';
import { chargeSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

const contractParams = z.object({
  contractId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, PAYMENT_MESSAGES.contractNotSigned),
});

const instalmentCount = z
  .number({ error: CHECKOUT_MESSAGES.invalidInstalments })
  .int(CHECKOUT_MESSAGES.invalidInstalments)
  .min(1, CHECKOUT_MESSAGES.invalidInstalments)
  .max(MAX_INSTALMENTS, CHECKOUT_MESSAGES.invalidInstalments);

/** How the customer chose to pay: PIX when nothing is said (the spec's first choice); instalments only on a card. */
export const chargeChoiceSchema = z
  .object({
    forma: z.enum(CHECKOUT_METHODS, { error: CHECKOUT_MESSAGES.invalidMethod }).default('pix'),
    parcelas: instalmentCount.optional(),
  })
  .refine((choice) => choice.forma === 'cartao' || choice.parcelas === undefined, {
    message: CHECKOUT_MESSAGES.instalmentsCardOnly,
    path: ['parcelas'],
  });
export type ChargeChoice = z.infer<typeof chargeChoiceSchema>;

/**
 * 'Gerar PIX', 'Pagar com cartão', 'Gerar boleto': the one open charge of a signed contract of the caller, created at
 * Asaas at most once however often it is asked for; another method replaces an unpaid one. `pending` means another
 * request is creating it right now: ask again in a moment.
 */
export const createChargeRoute = defineRoute({
  id: 'CreateCharge',
  method: 'POST',
  path: '/me/contracts/{contractId}/charge',
  access: 'customer',
  params: contractParams,
  body: chargeChoiceSchema,
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
