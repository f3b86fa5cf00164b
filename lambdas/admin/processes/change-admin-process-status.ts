import { changeAdminProcessStatusRoute } from '../../../domain/api/admin-processes.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';
import { changeAdminProcessStatus, type AdminProcessesDeps } from './admin-processes-service.js';

const deps: AdminProcessesDeps = { db: tableFromEnvironment(), clock: systemClock };

/** The inline status selector of /admin/processos: the change, its history record and audit record, together. */
export const handler = apiHandler(changeAdminProcessStatusRoute, async ({ caller, params, body }) => ({
  body: { process: await changeAdminProcessStatus(deps, caller, params, body) },
}));
