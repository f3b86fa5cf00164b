import * as z from 'zod';
import { defineRoute } from './route.js';

/** The connectivity banner's cheap check (spec 01 §9). */
export const getHealthRoute = defineRoute({
  id: 'GetHealth',
  method: 'GET',
  path: '/health',
  access: 'public',
  response: z.object({ status: z.string() }),
});
