import { adminSummarySchema } from '../schemas/admin.js';
import { defineRoute } from './route.js';

/** Admin counters: clients, processes, charges, referrals. */
export const getAdminSummaryRoute = defineRoute({
  id: 'GetAdminSummary',
  method: 'GET',
  path: '/admin/summary',
  access: 'admin',
  response: adminSummarySchema,
});
