import * as z from 'zod';
import { chargeStatusSchema } from '../charge-status.js';
import { CNJ_NUMBER_MESSAGES } from '../cnj-number.js';
import { ADMIN_PROCESS_MESSAGES } from '../messages.js';
import { STATUS_CHANGE_MESSAGES } from '../status-change.js';
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
  /** The contract's payment form ('gratuito' for a free renewal) and its latest charge's status: the guard's facts. */
  forma_pagamento: z.string().nullish(),
  cobranca_status: chargeStatusSchema.nullish(),
  /** The filing kit in one line while the process waits to be filed ('pago', 'em_analise'); null otherwise. */
  kit: z.object({ approved: z.number(), required: z.number(), toReview: z.number(), refused: z.number() }).nullish(),
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

/** The longest court unit ('Vara') an admin may type. */
export const COURT_UNIT_MAX_LENGTH = 120;

/** The note of a status change, trimmed; an empty one is no note (the service stores none). */
export const processNoteSchema = z
  .string()
  .trim()
  .max(PROCESS_NOTE_MAX_LENGTH, ADMIN_PROCESS_MESSAGES.noteTooLong)
  .nullable()
  .optional();

/** An optional text of the dialog: trimmed, an empty one is absent. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value || undefined);

/** A court date as the dialog's date field sends it (`yyyy-mm-dd`); the guard checks it is a real, past day. */
const optionalDay = z
  .string()
  .trim()
  .max(10, STATUS_CHANGE_MESSAGES.invalidDate)
  .nullish()
  .transform((value) => value || undefined);

/**
 * A status change (docs/decisions.md, Guarded status changes): the new status and the customer's note ('Observação',
 * in their history and e-mail), and what the guard (domain/status-change.ts) asks for: the reason of an unusual move,
 * the court case of 'peticionado' (CNJ number, filing day, optional court unit), the decision day of 'Baixa Deferida',
 * the day and reason of 'Baixa Caiu'; and an internal note the customer never sees.
 */
export const statusChangeBodySchema = z.object({
  status: z.enum(PROCESS_STATUSES),
  obs: processNoteSchema,
  motivo: optionalText(PROCESS_NOTE_MAX_LENGTH, ADMIN_PROCESS_MESSAGES.reasonTooLong),
  nota_interna: optionalText(PROCESS_NOTE_MAX_LENGTH, ADMIN_PROCESS_MESSAGES.internalNoteTooLong),
  numero_cnj: optionalText(40, CNJ_NUMBER_MESSAGES.format),
  vara: optionalText(COURT_UNIT_MAX_LENGTH, ADMIN_PROCESS_MESSAGES.courtUnitTooLong),
  peticionado_em: optionalDay,
  data_decisao: optionalDay,
  data_queda: optionalDay,
});
export type StatusChangeBody = z.input<typeof statusChangeBodySchema>;

/**
 * The status change: any status to any other (spec 02 §4), guarded: 400 with a message per field when the move needs
 * what was not given, 409 when a rule refuses it.
 */
export const changeAdminProcessStatusRoute = defineRoute({
  id: 'ChangeAdminProcessStatus',
  method: 'PUT',
  path: '/admin/processes/{userId}/{contractId}/status',
  access: 'admin',
  params: adminProcessParams,
  body: statusChangeBodySchema,
  response: z.object({ process: adminProcessRowSchema }),
});
