import { createProfileRoute } from '../../domain/api/profile.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { createOwnProfile } from './profile-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(createProfileRoute, async ({ caller, body }) => ({
  status: 201,
  body: await createOwnProfile(deps, caller, body),
}));
