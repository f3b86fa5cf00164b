import { getAdminKitFileRoute } from '../../domain/api/filing-kit.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { adminKitFileLink, type KitDeps } from './kit-service.js';

const deps: KitDeps = { db: tableFromEnvironment(), documents: documentsFromEnvironment(), clock: systemClock };

export const handler = apiHandler(getAdminKitFileRoute, async ({ params, query }) => ({
  body: await adminKitFileLink(deps, params.id, params.item, query.file),
}));
