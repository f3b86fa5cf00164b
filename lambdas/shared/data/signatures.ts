import { statusMoveItems } from './status-moves.js';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { filingForecast } from '../../../domain/filing.js';
import { CONTRACT_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '../../../domain/pricing.js';
import { contractSchema, processSchema, profileSchema, type Contract } from '../../../domain/schemas/entities.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys } from './keys.js';
import { historyItem } from './processes.js';
import { isConditionFailure, stripKeys, type Db, type TransactItem } from './table.js';
import { refusal } from '../../../domain/refusals.js';

export type SignatureRecord = {
  signedAt: string;
  ip: string;
  geo: NonNullable<Contract['geo_assinatura']>;
  userAgent: string;
  textSha256: string;
  /** Key of the signed PDF in the documents bucket. */
  pdfKey: string;
};

/** What a signature needs to read first: the contract (owner in the key), its process and the profile. */
export async function readSignable(db: Db, userId: string, contractId: string) {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.customer(userId),
        ':from': keys.contractSk(contractId),
        ':to': keys.processSk(contractId),
      },
      ConsistentRead: true,
    }),
  );
  const contractItem = Items.find((item) => item.sk === keys.contractSk(contractId));
  const processItem = Items.find((item) => item.sk === keys.processSk(contractId));
  const { Item: profileItem } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.profileSk },
      ConsistentRead: true,
    }),
  );
  return {
    contract: contractItem ? contractSchema.parse(stripKeys(contractItem)) : null,
    process: processItem ? processSchema.parse(stripKeys(processItem)) : null,
    profile: profileItem ? profileSchema.parse(stripKeys(profileItem)) : null,
    hasContract: profileItem?.has_contract === true,
  };
}

/**
 * Pattern 7: signs a contract once. One transaction: the contract (only while `assinado_em` is still null), its
 * process moved through `contrato_assinado` to `pagamento_pendente` (a free renewal goes straight to `pago`) with a
 * history record per step, the process counters, and — on the customer's first signature — `has_contract` and the
 * clients' `with_contract` counter. Twenty parallel attempts make one signature; the others get 'Contrato já
 * assinado'.
 */
export async function signContract(
  db: Db,
  params: { userId: string; contractId: string; signature: SignatureRecord; newId?: () => string },
): Promise<{ contract: Contract; processStatus: ProcessStatus }> {
  const { userId, contractId, signature } = params;
  const newId = params.newId ?? ulid;
  const { contract, process, profile, hasContract } = await readSignable(db, userId, contractId);
  if (!contract || !process) throw new NotFoundError(refusal('contract_not_found', CONTRACT_MESSAGES.notFoundOrSigned));
  if (!profile) throw new ConflictError(refusal('profile_missing', CONTRACT_MESSAGES.noProfile));
  if (contract.assinado_em !== null)
    throw new ConflictError(refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned));

  const free = contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  const steps: ProcessStatus[] = free ? ['contrato_assinado', 'pago'] : ['contrato_assinado', 'pagamento_pendente'];
  const finalStatus = steps[steps.length - 1]!;
  const at = signature.signedAt;
  const pk = keys.customer(userId);
  let from: string = process.status;
  const history = steps.map((to, step) => {
    // One millisecond apart, so the timeline sorts the two steps in the order they happened.
    const stepAt = new Date(Date.parse(at) + step).toISOString();
    const item = historyItem(
      { userId, contractId },
      { id: newId(), processId: process.id, from, to, obs: null, byUser: userId, at: stepAt },
    );
    from = to;
    return { Put: { TableName: db.tableName, Item: item } } satisfies TransactItem;
  });

  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: { pk, sk: keys.contractSk(contractId) },
        UpdateExpression: 'SET assinado_em = :at, ip_assinatura = :ip, geo_assinatura = :geo, assinatura = :evidence',
        ConditionExpression: 'attribute_exists(pk) AND attribute_type(assinado_em, :nullType)',
        ExpressionAttributeValues: {
          ':at': at,
          ':ip': signature.ip,
          ':geo': signature.geo,
          ':evidence': {
            user_agent: signature.userAgent,
            text_sha256: signature.textSha256,
            pdf_key: signature.pdfKey,
          },
          ':nullType': 'NULL',
        },
      },
    },
    ...statusMoveItems(db.tableName, {
      key: { pk, sk: keys.processSk(contractId) },
      entity: 'PROCESS',
      id: process.id,
      from: process.status,
      to: finalStatus,
      at,
      // A free renewal starts at its signature, as a paid one at its payment: same filing forecast.
      set: free ? ['previsao = :previsao'] : [],
      values: free ? { ':previsao': filingForecast(new Date(at)).toISOString() } : {},
      counter: COUNTERS.processes,
    }),
    ...history,
  ];
  if (!hasContract) {
    items.push(
      {
        Update: {
          TableName: db.tableName,
          Key: { pk, sk: keys.profileSk },
          UpdateExpression: 'SET has_contract = :true',
          ConditionExpression: 'attribute_exists(pk) AND has_contract = :false',
          ExpressionAttributeValues: { ':true': true, ':false': false },
        },
      },
      counterUpdate(db.tableName, COUNTERS.clients, { with_contract: 1 }),
    );
  }
  try {
    await db.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Someone else signed first (or moved the process): tell which, from what is stored now.
    const now = await readSignable(db, userId, contractId);
    if (now.contract?.assinado_em)
      throw new ConflictError(refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned));
    throw new ConflictError(CONTRACT_MESSAGES.updateFailed);
  }
  const signed: Contract = {
    ...contract,
    assinado_em: at,
    ip_assinatura: signature.ip,
    geo_assinatura: signature.geo,
  };
  return { contract: signed, processStatus: finalStatus };
}
