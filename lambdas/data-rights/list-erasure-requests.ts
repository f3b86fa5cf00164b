import { listErasureRequestsRoute } from '../../domain/api/data-rights.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { listErasureRequestsForAdmin } from './erasure-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(listErasureRequestsRoute, async ({ query }) => ({
  body: await listErasureRequestsForAdmin(deps, query),
}));
