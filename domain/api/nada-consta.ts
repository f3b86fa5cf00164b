import * as z from 'zod';
import { nadaConstaIssuedSchema, nadaConstaRequestSchema, nadaConstaVerificationSchema } from '../nada-consta.js';
import { defineRoute } from './route.js';

/**
 * emitir-nada-consta (spec 01 §7): anyone who knows a protocol and the e-mail on file. 200 → `{ success: true,
 * pdf_url, codigo_verificacao, url_verificacao }` and the PDF e-mailed to the customer; 400 → a field error (protocol,
 * e-mail, security check); 422 → `NADA_CONSTA_MESSAGES.notIssued` for every other reason (unknown protocol, status
 * other than baixa_deferida, another e-mail), so the answer reveals nothing; 429 → `RATE_LIMIT_MESSAGES.tooManyRequests`.
 */
export const issueNadaConstaRoute = defineRoute({
  id: 'IssueNadaConsta',
  method: 'POST',
  path: '/public/nada-consta',
  access: 'public',
  body: nadaConstaRequestSchema,
  response: nadaConstaIssuedSchema,
});

/**
 * The public verification of a certificate (the QR code's page, /verificar/{code}): its masked data and whether it
 * is still `vigente`. Any form of the code is accepted (dashes, case); 404 → `NADA_CONSTA_MESSAGES.certificateNotFound`
 * for an unknown or malformed code; 429 → `RATE_LIMIT_MESSAGES.tooManyRequests`.
 */
export const verifyNadaConstaRoute = defineRoute({
  id: 'VerifyNadaConsta',
  method: 'GET',
  path: '/public/nada-consta/{code}',
  access: 'public',
  // Any string: a malformed code is a 404 like an unknown one, decided by the service.
  params: z.object({ code: z.string() }),
  response: nadaConstaVerificationSchema,
});
