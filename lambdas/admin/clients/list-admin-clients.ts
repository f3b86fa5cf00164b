import { listAdminClientsRoute } from '../../../domain/api/admin-clients.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { listAdminClients } from './admin-clients-service.js';

const db = tableFromEnvironment();

/** /admin/clientes: a page of clients, or a search's matches. */
export const handler = apiHandler(listAdminClientsRoute, async ({ body: filters }) => {
  const page = await listAdminClients(db, filters);
  return { body: { clients: page.items, cursor: page.cursor } };
});
