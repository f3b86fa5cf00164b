import * as z from 'zod';
import { PROFILE_MESSAGES } from '../messages.js';
import { defineRoute } from './route.js';

export const postalAddressSchema = z.object({
  cep: z.string(),
  street: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/**
 * CEP autofill for the profile form, through the API (docs/decisions.md): `found: false` for a CEP the service does
 * not know, `unavailable: true` when it could not answer — never an error, the form stays editable either way.
 */
export const lookupPostalCodeRoute = defineRoute({
  id: 'LookupPostalCode',
  method: 'GET',
  path: '/postal-codes/{cep}',
  access: 'customer',
  params: z.object({ cep: z.string().regex(/^\d{8}$/, PROFILE_MESSAGES.invalidCep) }),
  response: z.object({
    found: z.boolean(),
    unavailable: z.boolean(),
    address: postalAddressSchema.nullable(),
  }),
});
