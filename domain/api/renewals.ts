import * as z from 'zod';
import { contractSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

/** What a started renewal answers: the new unsigned contract (its id and protocol), to be signed next. */
const renewalResponse = z.object({ contract: contractSchema });

/**
 * Spec 02 §7 start-free-renewal: uses one of the caller's free renewals (never below zero) and creates the renewal
 * contract ('gratuito', no payment) of their latest contract, with its process. 409 when none is left or the latest
 * contract may not be renewed (docs/decisions.md, Renewals).
 */
export const startFreeRenewalRoute = defineRoute({
  id: 'StartFreeRenewal',
  method: 'POST',
  path: '/me/renewals/free',
  access: 'customer',
  response: renewalResponse,
});

/**
 * Spec 02 §7 start_paid_renewal: creates the R$ 399 renewal contract of the caller's latest contract, with its
 * process; 'Gerar PIX' accepts it only once it is signed. 409 when the latest contract may not be renewed.
 */
export const startPaidRenewalRoute = defineRoute({
  id: 'StartPaidRenewal',
  method: 'POST',
  path: '/me/renewals/paid',
  access: 'customer',
  response: renewalResponse,
});
