import { documentTypeOf, maskDocument, maskEmail, maskName, normalizeDocument } from '../../domain/documents.js';
import { lookupStatusOf, type LookupEntry, type LookupResult } from '../../domain/lookup.js';
import { fullProtocol, parseProtocol } from '../../domain/protocol.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { findContractByProtocol, findUserByDocument } from '../shared/data/lookups.js';
import type { Db } from '../shared/data/table.js';

const NOT_FOUND: LookupResult = { found: false, searchType: null, processos: [] };

/**
 * Public lookup by CPF, CNPJ or protocol. Anyone may call it, so it answers with status and
 * masked personal data only (LGPD art. 6: the minimum necessary).
 */
export async function lookupProcesses(db: Db, consulta: string): Promise<LookupResult> {
  const protocolo = parseProtocol(consulta);
  if (protocolo) {
    const owner = await findContractByProtocol(db, protocolo);
    if (!owner) return { ...NOT_FOUND, searchType: 'protocolo' };
    const entries = await entriesOf(db, owner.userId, owner.contractId);
    return { found: entries.length > 0, searchType: 'protocolo', processos: entries };
  }
  const type = documentTypeOf(consulta);
  if (!type) return NOT_FOUND;
  const owner = await findUserByDocument(db, normalizeDocument(type, consulta));
  if (!owner) return { ...NOT_FOUND, searchType: type };
  const entries = await entriesOf(db, owner.userId);
  return { found: entries.length > 0, searchType: type, processos: entries };
}

async function entriesOf(db: Db, userId: string, onlyContractId?: string): Promise<LookupEntry[]> {
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
          cpf_cliente: maskDocument(profile.cpf),
          valor: contract.valor,
          created_at: contract.created_at,
          assinado_em: contract.assinado_em,
          baixa_deferida_em: process.baixa_deferida_em,
          baixa_caiu_em: process.baixa_caiu_em,
          previsao: process.previsao,
        },
      ];
    });
}
