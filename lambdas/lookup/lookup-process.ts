import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { lookupProcesses, type LookupDeps } from './lookup-service.js';

const deps: LookupDeps = { db: tableFromEnvironment(), clock: systemClock };

/** consultar-processo-publico: body { consulta } → { found, searchType, processos }; 429 past the rate limits. */
export const handler = apiHandler(lookupProcessRoute, async (request) => ({
  body: await lookupProcesses(deps, request.body.consulta, requesterIp(request)),
}));
