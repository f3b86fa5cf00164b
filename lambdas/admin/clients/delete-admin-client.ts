import { deleteAdminClientRoute } from '../../../domain/api/admin-clients.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import {
  asaasFromEnvironment,
  documentEraserFromEnvironment,
  userAccountsFromEnvironment,
  workflowFromEnvironment,
} from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { deleteClient, type ClientDeletionDeps } from './admin-clients-service.js';
import { withCountedAsaasReads } from '../../payments/asaas-read-budget.js';

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

/**
 * Deletes a client with all their data, the money side at Asaas first; the body repeats the profile id as the
 * server-side confirmation.
 */
export const handler = apiHandler(deleteAdminClientRoute, async ({ params, body, caller }) => ({
  body: await deleteClient(deps, { profileId: params.id, confirmation: body.confirmacao, caller }),
}));
