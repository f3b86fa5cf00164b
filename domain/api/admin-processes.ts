import * as z from 'zod';
import { ADMIN_PROCESS_MESSAGES } from '../messages.js';
import { PROCESS_STATUSES } from '../process-status.js';
import { processSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

/** The admin lists' search box: longer input is refused by the schema, so the field stops there. */
export const ADMIN_SEARCH_MAX_LENGTH = 100;

/** The page size of every admin list; a search reads at most this many clients. */
export const ADMIN_PAGE_SIZE = 25;

/**
 * Search, status filter and cursor of an admin list. Every admin list is a POST that carries them in its body, never a
 * GET query string: a search names a person (CPF, name, e-mail), and URLs end in CloudFront's and API Gateway's access
 * logs (docs/decisions.md, Personal data out of URLs and logs).
 */
export const adminListQuerySchema = z.object({
  search: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional(),
  cursor: z.string().max(2000).optional(),
});

/** A process row of /admin/processos: the process, the client it belongs to and its contract's protocol. */
export const adminProcessRowSchema = processSchema.extend({
  user_id: z.string(),
  /** The client's profile id: the row links to their case file (null where the profile is gone). */
  profile_id: z.string().nullable(),
  protocolo: z.string().nullable(),
  nome_cliente: z.string().nullable(),
  email_cliente: z.string().nullable(),
});
export type AdminProcessRow = z.infer<typeof adminProcessRowSchema>;

/** /admin/processos: newest first or by status, or a search by protocol (exact) or client name; one page. */
export const listAdminProcessesRoute = defineRoute({
  id: 'ListAdminProcesses',
  method: 'POST',
  path: '/admin/processes/search',
  access: 'admin',
  body: adminListQuerySchema.extend({ status: z.enum(PROCESS_STATUSES).optional() }),
  response: z.object({ items: z.array(adminProcessRowSchema), cursor: z.string().nullable() }),
});

/** A process is addressed by its client (Cognito sub) and its contract, as the table keys it. */
export const adminProcessParams = z.object({
  userId: z.string().min(1).max(128),
  contractId: z.string().min(1).max(64),
});

/** The longest note ('Observação') a status change may carry into the process history. */
export const PROCESS_NOTE_MAX_LENGTH = 500;

/** The note of a status change, trimmed; an empty one is no note (the service stores none). */
export const processNoteSchema = z
  .string()
  .trim()
  .max(PROCESS_NOTE_MAX_LENGTH, ADMIN_PROCESS_MESSAGES.noteTooLong)
  .nullable()
  .optional();

/** The inline status selector: any status to any other (spec 02 §4), with an optional note for the history. */
export const changeAdminProcessStatusRoute = defineRoute({
  id: 'ChangeAdminProcessStatus',
  method: 'PUT',
  path: '/admin/processes/{userId}/{contractId}/status',
  access: 'admin',
  params: adminProcessParams,
  body: z.object({ status: z.enum(PROCESS_STATUSES), obs: processNoteSchema }),
  response: z.object({ process: adminProcessRowSchema }),
});
