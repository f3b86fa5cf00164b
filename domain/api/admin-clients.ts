import * as z from 'zod';
import { adminClientDetailSchema, adminClientRowSchema, clientDeletionSchema } from '../schemas/admin-clients.js';
import { contractIdSchema, contractPdfSchema } from './contracts.js';
import { defineRoute } from './route.js';

/** Clients at most per page or search (docs/data-model.md: a page is one Query, never everything). */
export const ADMIN_CLIENTS_PAGE_SIZE = 25;

/**
 * How /admin/clientes orders its rows (`?ordem=` on the screen). The sign-up order is the index's, so it holds across
 * every page; the others order the rows loaded so far (docs/decisions.md, The client list).
 */
export const CLIENT_SORTS = {
  recentes: 'Cadastro: mais recentes',
  antigos: 'Cadastro: mais antigos',
  atividade: 'Última atividade',
  nome: 'Nome (A–Z)',
} as const;
export type ClientSort = keyof typeof CLIENT_SORTS;
export const clientSortSchema = z.enum(Object.keys(CLIENT_SORTS) as [ClientSort, ...ClientSort[]]);

const profileIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * /admin/clientes: newest first, one page at a time (`cursor` from the previous answer), or a search by name,
 * e-mail, document, a piece of a protocol or a CNJ number (`search`, at least 2 characters; a page of matches with its
 * cursor, never a silent cut). A POST with the search in its
 * body: a query string ends in CloudFront's and API Gateway's access logs, and a search names a person
 * (docs/decisions.md, Personal data out of URLs and logs).
 */
export const listAdminClientsRoute = defineRoute({
  id: 'ListAdminClients',
  method: 'POST',
  path: '/admin/clients/search',
  access: 'admin',
  body: z.object({
    search: z.string().trim().max(120).optional(),
    cursor: z.string().max(2048).optional(),
    /** 'antigos' pages the sign-up index oldest first; every other order reads it newest first. */
    ordem: clientSortSchema.optional(),
  }),
  response: z.object({ clients: z.array(adminClientRowSchema), cursor: z.string().nullable() }),
});

/** /admin/clientes/{id} (the profile id): profile, contracts with charges, processes and the audit trail. */
export const getAdminClientRoute = defineRoute({
  id: 'GetAdminClient',
  method: 'GET',
  path: '/admin/clients/{id}',
  access: 'admin',
  params: profileIdParams,
  response: adminClientDetailSchema,
});

/**
 * Deletes a client with all their data (spec 02 §7 delete_client_data). The body must repeat the profile id
 * (`confirmacao`): the server asks for confirmation too, not only the dialog. Running it again finishes a deletion
 * that stopped half-way.
 */
export const deleteAdminClientRoute = defineRoute({
  id: 'DeleteAdminClient',
  method: 'DELETE',
  path: '/admin/clients/{id}',
  access: 'admin',
  params: profileIdParams,
  body: z.object({ confirmacao: z.string().trim().min(1).max(64) }),
  response: clientDeletionSchema,
});

/**
 * The case file's 'PDF do contrato': a fresh, short-lived link to a client's signed contract, the same stored PDF the
 * customer downloads; 404 for an unknown client, a contract not theirs or not signed.
 */
export const getAdminContractPdfRoute = defineRoute({
  id: 'GetAdminContractPdf',
  method: 'GET',
  path: '/admin/clients/{id}/contracts/{contractId}/pdf',
  access: 'admin',
  params: profileIdParams.extend({ contractId: contractIdSchema }),
  response: contractPdfSchema,
});
