import { getAdminSummaryRoute } from '../../domain/api/admin.js';
import { getAdminCounters } from '../shared/data/counters.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';

const db = tableFromEnvironment();

/** Admin counters (clients, processes, charges, referrals), kept by the writes that change them. */
export const handler = apiHandler(getAdminSummaryRoute, async () => ({ body: await getAdminCounters(db) }));
