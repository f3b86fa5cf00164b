import { lookupRequestSchema, lookupResultSchema } from '../lookup.js';
import { defineRoute } from './route.js';

/**
 * consultar-processo-publico (spec 01 §7): anyone, masked personal data only. 200 → `{ found, searchType, processos }`
 * (found: false for an unknown CPF, CNPJ or protocol); 400 → `fields.consulta` with the spec's required message, or
 * `LOOKUP_INPUT_MESSAGES` for a query too long or with characters no document or protocol has; 429 →
 * `RATE_LIMIT_MESSAGES.tooManyLookups` (per address, and per document or protocol searched).
 */
export const lookupProcessRoute = defineRoute({
  id: 'LookupProcess',
  method: 'POST',
  path: '/public/lookup',
  access: 'public',
  body: lookupRequestSchema,
  response: lookupResultSchema,
});
