import { getMyErasureRequestRoute } from '../../domain/api/data-rights.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { getMyErasureRequest } from './erasure-service.js';

const db = tableFromEnvironment();

export const handler = apiHandler(getMyErasureRequestRoute, async ({ caller }) => ({
  body: await getMyErasureRequest(db, caller),
}));
