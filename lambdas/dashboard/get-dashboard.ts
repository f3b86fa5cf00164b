import type { Dashboard } from '../../domain/schemas/dashboard.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';

const db = tableFromEnvironment();

/** The dashboard reads the caller's whole item collection in one query; the owner is the key. */
export const handler = apiHandler('GetDashboard', async ({ caller }) => {
  const collection = await getCustomerCollection(db, caller!.userId);
  const body: Dashboard = {
    email: caller!.email,
    profile: collection.profile,
    contracts: collection.contracts,
    charges: collection.charges,
    processes: collection.processes,
  };
  return { body };
});
