import { searchAdminRoute } from '../../../domain/api/admin-search.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { searchAdmin } from './admin-search-service.js';

const db = tableFromEnvironment();

/** The admin header's one search: clients with their processes, a page at a time. */
export const handler = apiHandler(searchAdminRoute, async ({ body }) => ({ body: await searchAdmin(db, body) }));
