import { getMyKitFileRoute } from '../../domain/api/filing-kit.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { myKitFileLink, type KitDeps } from './kit-service.js';

const deps: KitDeps = { db: tableFromEnvironment(), documents: documentsFromEnvironment(), clock: systemClock };

export const handler = apiHandler(getMyKitFileRoute, async ({ caller, params, query }) => ({
  body: await myKitFileLink(deps, caller, params.item, query.file),
}));
