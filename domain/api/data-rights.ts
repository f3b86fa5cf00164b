import * as z from 'zod';
import { ERASURE_PROTOCOL_PATTERN } from '../data-rights.js';
import { adminErasureRequestSchema, dataExportSchema, erasureRequestSchema } from '../schemas/data-rights.js';
import { defineRoute } from './route.js';

/** Erasure requests per admin page. */
export const ERASURE_REQUESTS_PAGE_SIZE = 25;

/** /app/perfil 'Baixar meus dados': everything held about the caller (LGPD art. 18, II and V), documents as links. */
export const exportMyDataRoute = defineRoute({
  id: 'ExportMyData',
  method: 'GET',
  path: '/me/data-export',
  access: 'customer',
  response: dataExportSchema,
});

/** The caller's open erasure request, or null. */
export const getMyErasureRequestRoute = defineRoute({
  id: 'GetMyErasureRequest',
  method: 'GET',
  path: '/me/erasure-request',
  access: 'customer',
  response: z.object({ request: erasureRequestSchema.nullable() }),
});

/**
 * 'Solicitar exclusão' (LGPD art. 18, VI): records the request with a protocol and e-mails it. Idempotent: while one is
 * open, asking again answers that one (`created: false`), with no second e-mail.
 */
export const requestErasureRoute = defineRoute({
  id: 'RequestErasure',
  method: 'POST',
  path: '/me/erasure-request',
  access: 'customer',
  response: z.object({ request: erasureRequestSchema, created: z.boolean() }),
});

/** The admins' list of erasure requests, newest first, one page at a time. */
export const listErasureRequestsRoute = defineRoute({
  id: 'ListErasureRequests',
  method: 'GET',
  path: '/admin/erasure-requests',
  access: 'admin',
  query: z.object({ cursor: z.string().max(2048).optional() }),
  response: z.object({ requests: z.array(adminErasureRequestSchema), cursor: z.string().nullable() }),
});

/**
 * Carries a request out as far as the law allows today: with nothing to keep, the client's deletion (pattern 28) and
 * the request is `concluida`; with signed contracts or payments to keep, what need not be kept goes and the request is
 * `retida` until the date, when running it again finishes it.
 */
export const executeErasureRequestRoute = defineRoute({
  id: 'ExecuteErasureRequest',
  method: 'POST',
  path: '/admin/erasure-requests/{protocolo}/execution',
  access: 'admin',
  params: z.object({ protocolo: z.string().trim().toUpperCase().regex(ERASURE_PROTOCOL_PATTERN) }),
  response: z.object({ request: adminErasureRequestSchema }),
});
