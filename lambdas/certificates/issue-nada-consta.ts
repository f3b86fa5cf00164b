import { issueNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { documentsFromEnvironment, emailFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { issueNadaConsta, type IssueNadaConstaDeps } from './nada-consta-service.js';

const db = tableFromEnvironment();
const deps: IssueNadaConstaDeps = {
  db,
  clock: systemClock,
  documents: documentsFromEnvironment(),
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
};

/** emitir-nada-consta: body { protocolo, email, a, b, answer } → { success, pdf_url, … }; 422 for any refusal. */
export const handler = apiHandler(issueNadaConstaRoute, async (request) => ({
  body: await issueNadaConsta(deps, request.body, requesterIp(request)),
}));
