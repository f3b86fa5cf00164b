import { randomBytes } from 'node:crypto';
import { protocolSearchTokens } from '../../../domain/search-tokens.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PROTOCOL_RANDOM_BYTES, protocolFromBytes } from '../../../domain/protocol.js';
import { contractSchema, type Contract, type Process } from '../../../domain/schemas/entities.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys, pointerKey, typeIndexKeys } from './keys.js';
import { processItem } from './processes.js';
import { putNew, stripKeys, type Db, type TransactItem } from './table.js';

/** One contract of a customer (by its owner's key, so another customer's id finds nothing). */
export async function getContract(db: Db, userId: string, contractId: string): Promise<Contract | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) } }),
  );
  return Item ? contractSchema.parse(stripKeys(Item)) : null;
}

/**
 * A transaction item that holds only while the contract is not cancelled (pattern 50's `cancelado_em`): a write that
 * must never land on a cancelled contract ('Marcar pago') is refused by the database, whatever a read saw before.
 */
export function contractNotCancelled(db: Db, userId: string, contractId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(cancelado_em)',
    },
  };
}

/**
 * A new protocol of the São Paulo day of `instant`, its random part from the CSPRNG (domain/protocol.ts). No counter:
 * a daily sequence is what made protocols walkable. Uniqueness still holds through the `PROTOCOL#` pointer, written
 * with `attribute_not_exists` in the contract's own transaction (a repeat in 2^55 would fail it, never overwrite).
 */
export function nextProtocol(instant: Date): string {
  return protocolFromBytes(instant, randomBytes(PROTOCOL_RANDOM_BYTES));
}

/** The contract item: the customer's collection, listed on gsi1 for the admin. */
export function contractItem(userId: string, contract: Contract) {
  return {
    pk: keys.customer(userId),
    sk: keys.contractSk(contract.id),
    type: 'CONTRACT',
    ...typeIndexKeys('CONTRACT', contract.created_at, contract.id),
    ...contract,
  };
}

/** The protocol pointer: makes a protocol unique and finds its owner (public lookup, admin search). */
export function protocolPointerItem(protocolo: string, userId: string, contractId: string) {
  return {
    ...pointerKey(keys.protocolPointer(protocolo)),
    type: 'PROTOCOL_POINTER',
    user_id: userId,
    contrato_id: contractId,
  };
}

/** A new contract and its process, as written together (pattern 6). */
export function newContract(params: {
  profileId: string;
  protocolo: string;
  valor: number;
  formaPagamento: string;
  parentContractId: string | null;
  at: string;
  newId: () => string;
}): { contract: Contract; process: Process } {
  const contract: Contract = {
    id: params.newId(),
    profile_id: params.profileId,
    protocolo: params.protocolo,
    valor: params.valor,
    forma_pagamento: params.formaPagamento,
    assinado_em: null,
    ip_assinatura: null,
    geo_assinatura: null,
    parent_contrato_id: params.parentContractId,
    created_at: params.at,
  };
  const process: Process = {
    id: params.newId(),
    contrato_id: contract.id,
    status: 'cadastro',
    previsao: null,
    observacoes: null,
    baixa_deferida_em: null,
    baixa_caiu_em: null,
    created_at: params.at,
    updated_at: params.at,
  };
  return { contract, process };
}

/**
 * The transaction items of a new contract: the contract, its protocol pointer, its process and the process counter.
 * The profile's own counts are not among them: the caller adds them (an update of an existing profile, or the first
 * profile put itself, since one transaction cannot touch an item twice).
 */
export function newContractWrites(db: Db, userId: string, created: { contract: Contract; process: Process }) {
  return [
    putNew(db, contractItem(userId, created.contract)),
    putNew(db, protocolPointerItem(created.contract.protocolo, userId, created.contract.id)),
    putNew(db, processItem(userId, created.process)),
    counterUpdate(db.tableName, COUNTERS.processes, { total: 1, [created.process.status]: 1 }),
    // Found by any 4+ characters of its protocol (pattern 86); written with the contract, so they never drift.
    ...protocolSearchTokenItems(userId, created.contract.protocolo).map((Item) => ({
      Put: { TableName: db.tableName, Item },
    })),
  ];
}

/**
 * Pattern 86: the admin search's tokens of a contract's protocol, in the clients' search partitions: a match names the
 * client, whose case file and processes the search shows.
 */
export function protocolSearchTokenItems(userId: string, protocolo: string) {
  return protocolSearchTokens(protocolo).map((token) => ({
    pk: keys.searchPartition('CLIENT', token),
    sk: keys.searchSk(token, userId),
    type: 'SEARCH_TOKEN',
    user_id: userId,
  }));
}

/** A transaction item adding to an existing profile's contract and process counts (pattern 6). */
export function profileCountsUpdate(
  db: Db,
  userId: string,
  deltas: { contracts: number; processes: number },
): TransactItem {
  return {
    Update: {
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.profileSk },
      UpdateExpression: 'ADD contract_count :contracts, process_count :processes',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':contracts': deltas.contracts, ':processes': deltas.processes },
    },
  };
}
