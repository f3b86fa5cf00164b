import { getAdminClientRoute } from '../../../domain/api/admin-clients.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { getAdminClientDetail } from './admin-clients-service.js';

const db = tableFromEnvironment();

/** /admin/clientes/{id}: profile, contracts with charges, processes, audit trail. */
export const handler = apiHandler(getAdminClientRoute, async ({ params }) => ({
  body: await getAdminClientDetail(db, params.id),
}));
