import * as z from 'zod';

/** Body of every 4xx/5xx answer: a pt-BR message for people and a stable code for programs. */
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
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
