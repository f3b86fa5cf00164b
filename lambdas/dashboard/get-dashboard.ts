import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';

const db = tableFromEnvironment();

/** The dashboard reads the caller's whole item collection in one query; the owner is the key. */
export const handler = apiHandler(getDashboardRoute, async ({ caller }) => {
  const { profile, contracts, charges, processes, history } = await getCustomerCollection(db, caller.userId);
  return { body: { email: caller.email, profile, contracts, charges, processes, history } };
});
