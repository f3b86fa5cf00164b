import { listAdminProcessesRoute } from '../../../domain/api/admin-processes.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { listAdminProcesses, type AdminProcessesDeps } from './admin-processes-service.js';

const deps: AdminProcessesDeps = { db: tableFromEnvironment(), clock: systemClock };

/** /admin/processos: one page of processes (all, by status, or a search by protocol or client name). */
export const handler = apiHandler(listAdminProcessesRoute, async ({ body: filters }) => ({
  body: await listAdminProcesses(deps, filters),
}));
