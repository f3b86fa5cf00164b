import { promisedFilingDate } from '../../domain/filing.js';
import {
  documentTypeOf,
  hideDocument,
  isValidDocument,
  maskDocument,
  maskEmail,
  maskName,
  normalizeDocument,
} from '../../domain/documents.js';
import { lookupStatusOf, type LookupEntry, type LookupResult } from '../../domain/lookup.js';
import { RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { fullProtocol, parseProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS, rateLimitAddress } from '../../domain/rate-limits.js';
import type { Clock } from '../shared/clock.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { findContractByProtocol, findUserByDocument } from '../shared/data/lookups.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import type { Db } from '../shared/data/table.js';

export type LookupDeps = { db: Db; clock: Clock };

const NOT_FOUND: LookupResult = { found: false, searchType: null, processos: [] };

/**
 * Public lookup by CPF, CNPJ or protocol. Anyone may call it, so it answers with status and
 * masked personal data only (LGPD art. 6: the minimum necessary), and it is rate-limited per address and per
 * document or protocol searched — a search that finds nothing counts as well, so nobody can walk the CPF space
 * or watch one person's process from many places (docs/decisions.md).
 *
 * An answer never shows more of a document than the searcher typed: by CPF or CNPJ, the masked document they typed;
 * by protocol, no character of it. Protocols carry 55 random bits, so a protocol alone finds one process and no
 * neighbour (docs/decisions.md, An unguessable public lookup).
 */
export async function lookupProcesses(
  deps: LookupDeps,
  consulta: string,
  requesterIp: string | undefined,
): Promise<LookupResult> {
  const now = deps.clock();
  const limited = (rule: (typeof RATE_LIMITS)['lookupByAddress' | 'lookupByQuery'], subject: string) =>
    enforceRateLimits(deps.db, now, [{ rule, subject }], RATE_LIMIT_MESSAGES.tooManyLookups);
  await limited(RATE_LIMITS.lookupByAddress, rateLimitAddress(requesterIp));

  const protocolo = parseProtocol(consulta);
  if (protocolo) {
    await limited(RATE_LIMITS.lookupByQuery, protocolo);
    const owner = await findContractByProtocol(deps.db, protocolo);
    if (!owner) return { ...NOT_FOUND, searchType: 'protocolo' };
    const entries = await entriesOf(deps.db, owner.userId, { onlyContractId: owner.contractId, document: 'hidden' });
    return { found: entries.length > 0, searchType: 'protocolo', processos: entries };
  }
  const type = documentTypeOf(consulta);
  if (!type) return NOT_FOUND;
  // Wrong check digits can belong to nobody (profiles store valid documents only): no read, no per-document count.
  if (!isValidDocument(type, consulta)) return { ...NOT_FOUND, searchType: type };
  const document = normalizeDocument(type, consulta);
  await limited(RATE_LIMITS.lookupByQuery, document);
  const owner = await findUserByDocument(deps.db, document);
  if (!owner) return { ...NOT_FOUND, searchType: type };
  const entries = await entriesOf(deps.db, owner.userId, { document: 'masked' });
  return { found: entries.length > 0, searchType: type, processos: entries };
}

/**
 * `document`: 'masked' keeps the middle of the document (the searcher typed all of it); 'hidden' keeps none (they
 * typed a protocol).
 */
async function entriesOf(
  db: Db,
  userId: string,
  options: { onlyContractId?: string; document: 'masked' | 'hidden' },
): Promise<LookupEntry[]> {
  const { onlyContractId } = options;
  const { profile, contracts, processes } = await getCustomerCollection(db, userId);
  if (!profile) return [];
  return contracts
    .filter((contract) => !onlyContractId || contract.id === onlyContractId)
    .flatMap((contract) => {
      const process = processes.find((p) => p.contrato_id === contract.id);
      if (!process) return [];
      return [
        {
          id: process.id,
          protocolo: contract.protocolo,
          protocolo_completo: fullProtocol(contract.protocolo),
          status: lookupStatusOf(process.status),
          nome_cliente: maskName(profile.nome_completo),
          email_cliente: maskEmail(profile.email),
          cpf_cliente: options.document === 'masked' ? maskDocument(profile.cpf) : hideDocument(profile.cpf),
          valor: contract.valor,
          created_at: contract.created_at,
          assinado_em: contract.assinado_em,
          baixa_deferida_em: process.baixa_deferida_em,
          baixa_caiu_em: process.baixa_caiu_em,
          previsao: promisedFilingDate(process),
          numero_cnj: process.numero_cnj ?? null,
        },
      ];
    });
}
