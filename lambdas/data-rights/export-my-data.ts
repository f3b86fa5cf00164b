import { exportMyDataRoute } from '../../domain/api/data-rights.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { exportMyData, type DataExportDeps } from './data-export-service.js';

const deps: DataExportDeps = { db: tableFromEnvironment(), clock: systemClock, documents: documentsFromEnvironment() };

/** 'Baixar meus dados': everything held about the caller (LGPD art. 18, II and V). */
export const handler = apiHandler(exportMyDataRoute, async ({ caller }) => ({
  body: await exportMyData(deps, caller),
}));
