import { executeErasureRequestRoute } from '../../domain/api/data-rights.js';
import type { ClientDeletionDeps } from '../admin/clients/admin-clients-service.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import {
  asaasFromEnvironment,
  documentEraserFromEnvironment,
  userAccountsFromEnvironment,
  workflowFromEnvironment,
} from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { executeErasureRequest } from './erasure-service.js';
import { withCountedAsaasReads } from '../payments/asaas-read-budget.js';

const db = tableFromEnvironment();
const deps: ClientDeletionDeps = {
  db,
  clock: systemClock,
  accounts: userAccountsFromEnvironment(),
  documents: documentEraserFromEnvironment(),
  // Its reads of Asaas count in the global budget the verifications share (docs/decisions.md, Asaas's request quota).
  asaas: withCountedAsaasReads(asaasFromEnvironment(), { db, clock: systemClock }),
  workflow: workflowFromEnvironment(),
};

/** An admin carries an erasure request out as far as the law allows today. */
export const handler = apiHandler(executeErasureRequestRoute, async ({ params, caller }) => ({
  body: await executeErasureRequest(deps, { protocolo: params.protocolo, caller }),
}));
