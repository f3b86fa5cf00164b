import { updateProfileRoute } from '../../domain/api/profile.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { updateOwnProfile } from './profile-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(updateProfileRoute, async ({ caller, body }) => ({
  body: await updateOwnProfile(deps, caller, body),
}));
