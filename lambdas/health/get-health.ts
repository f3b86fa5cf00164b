import { getHealthRoute } from '../../domain/api/health.js';
import { apiHandler } from '../shared/http.js';

/** The connectivity banner's cheap check: proves the API answers, touches nothing else. */
export const handler = apiHandler(getHealthRoute, async () => ({ body: { status: 'ok' } }));
