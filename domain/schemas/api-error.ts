import * as z from 'zod';
import { refusalReasonSchema } from '../refusals.js';

/**
 * Body of every 4xx/5xx answer: a pt-BR message for people and stable codes for programs — the HTTP-like `code`, and
 * for the refusals a program must tell apart, the `reason` (domain/refusals.ts).
 */
export const apiErrorSchema = z.object({
  code: z.enum([
    'validation',
    'unauthorized',
    'forbidden',
    'not_found',
    'conflict',
    'too_many_requests',
    /** An outside service (Asaas) failed; trying again later may work. */
    'provider_unavailable',
    'internal',
  ]),
  reason: refusalReasonSchema,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
