import { getProfileRoute } from '../../domain/api/profile.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { getOwnProfile } from './profile-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(getProfileRoute, async ({ caller }) => ({ body: await getOwnProfile(deps, caller) }));
