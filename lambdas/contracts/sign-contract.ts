import { signContractRoute } from '../../domain/api/contracts.js';
import { viewerAddressIp } from '../../domain/signature-evidence.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment, emailFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { contractLinkKeyFromEnvironment } from './contract-link.js';
import { signOwnContract, type SignContractDeps } from './sign-contract-service.js';

const db = tableFromEnvironment();
const deps: SignContractDeps = {
  db,
  clock: systemClock,
  documents: documentsFromEnvironment(),
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
  contractLinkKey: contractLinkKeyFromEnvironment(),
};

// The API answers only requests that came through CloudFront (apiHandler checks its origin header), so the viewer
// headers CloudFront sets — the person's address and approximate location — can be taken as evidence.
export const handler = apiHandler(signContractRoute, async ({ caller, params, body, headers, event }) => ({
  body: await signOwnContract(deps, caller, params.contractId, {
    sourceIp: viewerAddressIp(headers['cloudfront-viewer-address']) ?? event.requestContext.http.sourceIp,
    userAgent: event.requestContext.http.userAgent,
    viewerHeaders: headers,
    consent: body.aceite,
  }),
}));
