import * as z from 'zod';
import { processStatusSchema } from '../schemas/entities.js';
import { defineRoute } from './route.js';

/** Clients per page of the admin search (a page is one Query of the search tokens, never everything). */
export const ADMIN_SEARCH_PAGE_SIZE = 25;

/** A client the search found, with their processes: the result groups by client. */
export const adminSearchResultSchema = z.object({
  profile_id: z.string(),
  nome_completo: z.string(),
  email: z.string(),
  tipo_documento: z.enum(['cpf', 'cnpj']),
  /** The CPF or CNPJ masked (`***.456.789-**`): enough to tell two clients apart on a shared screen. */
  documento_mascarado: z.string(),
  processes: z.array(
    z.object({
      contrato_id: z.string(),
      protocolo: z.string(),
      status: processStatusSchema,
      numero_cnj: z.string().nullish(),
      updated_at: z.string(),
    }),
  ),
});
export type AdminSearchResult = z.infer<typeof adminSearchResultSchema>;

/**
 * The admin header's one search: a name, an e-mail, a CPF or CNPJ (with or without its mask), any 4+ characters of a
 * protocol, or a CNJ case number; one page of clients at a time (`cursor` from the previous answer). A POST, as every
 * admin search: the term names a person and must stay out of access logs (docs/decisions.md, Personal data out of URLs
 * and logs).
 */
export const searchAdminRoute = defineRoute({
  id: 'SearchAdmin',
  method: 'POST',
  path: '/admin/search',
  access: 'admin',
  body: z.object({ q: z.string().trim().min(1).max(120), cursor: z.string().max(2048).optional() }),
  response: z.object({ results: z.array(adminSearchResultSchema), cursor: z.string().nullable() }),
});

/** Where the header's search shows its answer, with the term in the URL (`?q=`), so it can be reloaded and shared. */
export const ADMIN_SEARCH_PATH = '/admin/busca';

/** The search's own words (not in the spec; the admin lists' tone). */
export const ADMIN_SEARCH_MESSAGES = {
  label: 'Buscar cliente, protocolo ou processo',
  placeholder: 'Nome, e-mail, CPF/CNPJ, protocolo ou nº CNJ',
  shortcutHint: 'Atalho: /',
  submit: 'Buscar',
  title: 'Busca',
  resultsFor: (term: string) => `Resultados para “${term}”`,
  empty: 'Digite um nome, e-mail, CPF/CNPJ, parte do protocolo (4 caracteres ou mais) ou o número CNJ.',
  noResults: 'Nenhum cliente encontrado para esta busca.',
  loadFailed: 'Erro ao buscar.',
  noProcesses: 'Nenhum processo.',
} as const;
