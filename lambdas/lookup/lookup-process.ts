import { lookupRequestSchema } from '../../domain/lookup.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler, parseJsonBody } from '../shared/http.js';
import { lookupProcesses } from './lookup-service.js';

const db = tableFromEnvironment();

/** consultar-processo-publico: body { consulta } → { found, searchType, processos }. */
export const handler = apiHandler('LookupProcess', async ({ event }) => {
  const { consulta } = parseJsonBody(event, lookupRequestSchema);
  return { body: await lookupProcesses(db, consulta) };
});
