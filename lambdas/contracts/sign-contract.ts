import { signContractRoute } from '../../domain/api/contracts.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment, emailFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { signOwnContract, type SignContractDeps } from './sign-contract-service.js';

const deps: SignContractDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  documents: documentsFromEnvironment(),
  sendEmail: emailFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
};

export const handler = apiHandler(signContractRoute, async ({ caller, params, event }) => ({
  body: await signOwnContract(deps, caller, params.contractId, {
    sourceIp: event.requestContext.http.sourceIp,
    userAgent: event.requestContext.http.userAgent,
    // CloudFront's viewer-location headers become evidence only once the API sits behind the distribution and refuses
    // requests that bypass it (docs/decisions.md); until then anyone could forge them, so the spec's defaults apply.
    viewerHeaders: {},
  }),
}));
