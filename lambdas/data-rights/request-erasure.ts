import { requestErasureRoute } from '../../domain/api/data-rights.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { requestErasure, type RequestErasureDeps } from './erasure-service.js';

const db = tableFromEnvironment();
const deps: RequestErasureDeps = {
  db,
  clock: systemClock,
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
};

/** 'Solicitar exclusão': 201 with a new request, 200 with the open one (idempotent). */
export const handler = apiHandler(requestErasureRoute, async ({ caller }) => {
  const result = await requestErasure(deps, caller);
  return { status: result.created ? 201 : 200, body: result };
});
