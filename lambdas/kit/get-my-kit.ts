import { getMyKitRoute } from '../../domain/api/filing-kit.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { myKit } from './kit-service.js';

const deps = { db: tableFromEnvironment() };

export const handler = apiHandler(getMyKitRoute, async ({ caller }) => ({ body: await myKit(deps, caller) }));
