import { dashboardSchema } from '../schemas/dashboard.js';
import { defineRoute } from './route.js';

/** The customer's whole item collection, read in one query (spec 01 §2 Dashboard). */
export const getDashboardRoute = defineRoute({
  id: 'GetDashboard',
  method: 'GET',
  path: '/me/dashboard',
  access: 'customer',
  response: dashboardSchema,
});
