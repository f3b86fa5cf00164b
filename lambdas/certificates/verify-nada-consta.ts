import { verifyNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { verifyNadaConsta, type VerifyNadaConstaDeps } from './verify-nada-consta-service.js';

const deps: VerifyNadaConstaDeps = { db: tableFromEnvironment(), clock: systemClock };

/** The public verification of a Nada Consta (the QR code's page): masked data and whether it is still vigente. */
export const handler = apiHandler(verifyNadaConstaRoute, async (request) => ({
  body: await verifyNadaConsta(deps, request.params.code, requesterIp(request)),
}));
