import * as z from 'zod';
import { FILING_DOCUMENT_KINDS } from '../filing-documents.js';
import { API_MESSAGES } from '../messages.js';
import { defineRoute } from './route.js';

/**
 * 'Baixar procuração' / 'Baixar declaração': the caller's own document, generated from their profile
 * at each request (nothing stored: the profile is the one home of what it says). The PDF travels base64 in JSON, as
 * every answer of the API client does; it weighs tens of KB. 404 without a profile; 409 with what is missing (a company
 * without its partner, a declaration asked for by a company).
 */
export const getFilingDocumentRoute = defineRoute({
  id: 'GetFilingDocument',
  method: 'GET',
  path: '/me/filing-documents/{kind}',
  access: 'customer',
  params: z.object({ kind: z.enum(FILING_DOCUMENT_KINDS, { error: API_MESSAGES.notFound }) }),
  response: z.object({
    file_name: z.string(),
    content_type: z.literal('application/pdf'),
    pdf_base64: z.string(),
  }),
});
