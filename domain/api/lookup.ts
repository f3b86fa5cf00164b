import { lookupRequestSchema, lookupResultSchema } from '../lookup.js';
import { defineRoute } from './route.js';

/** consultar-processo-publico (spec 01 §7): anyone, masked personal data only. */
export const lookupProcessRoute = defineRoute({
  id: 'LookupProcess',
  method: 'POST',
  path: '/public/lookup',
  access: 'public',
  body: lookupRequestSchema,
  response: lookupResultSchema,
});
