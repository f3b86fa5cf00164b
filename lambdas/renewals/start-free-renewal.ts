import { startFreeRenewalRoute } from '../../domain/api/renewals.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { startRenewal, type RenewalDeps } from './renewal-service.js';

const deps: RenewalDeps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = apiHandler(startFreeRenewalRoute, async ({ caller }) => ({
  status: 201,
  body: await startRenewal(deps, caller, 'free'),
}));
