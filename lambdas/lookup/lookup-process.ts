import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { lookupProcesses } from './lookup-service.js';

const db = tableFromEnvironment();

/** consultar-processo-publico: body { consulta } → { found, searchType, processos }. */
export const handler = apiHandler(lookupProcessRoute, async ({ body }) => ({
  body: await lookupProcesses(db, body.consulta),
}));
