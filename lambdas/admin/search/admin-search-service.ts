import { ADMIN_SEARCH_PAGE_SIZE, type AdminSearchResult } from '../../../domain/api/admin-search.js';
import { maskDocument } from '../../../domain/documents.js';
import { parseProtocol } from '../../../domain/protocol.js';
import { protocolPieceNeedle } from '../../../domain/search-tokens.js';
import type { AdminClient } from '../../../domain/schemas/admin-clients.js';
import { searchClientPage } from '../../shared/data/admin-lists.js';
import { getCustomerCollection, getProfileByUser } from '../../shared/data/customers.js';
import { findContractByProtocol } from '../../shared/data/lookups.js';
import type { Db } from '../../shared/data/table.js';

/**
 * The admin header's search (pattern 86): a page of matching clients, each with their processes (pattern 1 of each, at
 * most a page of them). A whole protocol is also read through its pointer (pattern 27), so a contract written before
 * its search tokens existed is found by its full protocol; it comes first, once. A piece of a protocol typed with a
 * dash and no digit is also looked up as a protocol piece (`protocolPieceNeedle`), on the first page.
 */
export async function searchAdmin(
  db: Db,
  query: { q: string; cursor?: string },
): Promise<{ results: AdminSearchResult[]; cursor: string | null }> {
  const protocolo = query.cursor ? null : parseProtocol(query.q);
  const piece = query.cursor ? null : protocolPieceNeedle(query.q);
  const [page, pieceMatches, exact] = await Promise.all([
    searchClientPage(db, query.q, { limit: ADMIN_SEARCH_PAGE_SIZE, cursor: query.cursor ?? null }),
    piece ? searchClientPage(db, piece, { limit: ADMIN_SEARCH_PAGE_SIZE }) : Promise.resolve(null),
    protocolo ? findContractByProtocol(db, protocolo) : Promise.resolve(null),
  ]);
  const clients: { user_id: string; profile: AdminClient | null }[] = page.items.map((client) => ({
    user_id: client.user_id,
    profile: client,
  }));
  for (const client of pieceMatches?.items ?? []) {
    if (!clients.some((listed) => listed.user_id === client.user_id))
      clients.push({ user_id: client.user_id, profile: client });
  }
  if (exact && !clients.some((client) => client.user_id === exact.userId)) {
    clients.unshift({ user_id: exact.userId, profile: null });
  }
  const results = await Promise.all(
    clients.map(async ({ user_id: userId, profile: listed }) => {
      const collection = await getCustomerCollection(db, userId);
      const profile = listed ?? collection.profile ?? (await getProfileByUser(db, userId));
      if (!profile) return null;
      const protocolOf = new Map(collection.contracts.map((contract) => [contract.id, contract.protocolo]));
      return {
        profile_id: profile.id,
        nome_completo: profile.nome_completo,
        email: profile.email,
        tipo_documento: profile.tipo_documento,
        documento_mascarado: maskDocument(profile.cpf),
        processes: collection.processes.map((process) => ({
          contrato_id: process.contrato_id,
          protocolo: protocolOf.get(process.contrato_id) ?? '',
          status: process.status,
          numero_cnj: process.numero_cnj ?? null,
          updated_at: process.updated_at,
        })),
      } satisfies AdminSearchResult;
    }),
  );
  return { results: results.filter((result) => result !== null), cursor: page.cursor };
}
