import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { saoPauloDateDigits } from '../../../domain/dates.js';
import { formatProtocol } from '../../../domain/protocol.js';
import type { Contract, Process } from '../../../domain/schemas/entities.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys, pointerKey } from './keys.js';
import type { Db } from './table.js';

const PROTOCOL_SEQUENCE_TTL_SECONDS = 7 * 24 * 3600;

/** Next protocol number of the São Paulo day: an atomic counter, so two contracts never share one. */
export async function nextProtocol(db: Db, instant: Date): Promise<string> {
  const day = saoPauloDateDigits(instant);
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.sequencePk, sk: keys.protocolSequenceSk(day) },
      UpdateExpression: 'ADD seq :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
      ExpressionAttributeValues: {
        ':one': 1,
        ':ttl': Math.floor(instant.getTime() / 1000) + PROTOCOL_SEQUENCE_TTL_SECONDS,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return formatProtocol(instant, Number(Attributes?.seq));
}

type CreateContractParams = {
  userId: string;
  profileId: string;
  valor: number;
  formaPagamento: string;
  parentContractId: string | null;
  now: Date;
  newId?: () => string;
};

/**
 * Pattern 6: a contract (initial or renewal) with its protocol pointer and its process, which starts
 * at 'cadastro'. The protocol pointer's condition makes a protocol unique even if a sequence repeats.
 */
export async function createContract(
  db: Db,
  params: CreateContractParams,
): Promise<{ contract: Contract; process: Process }> {
  const newId = params.newId ?? ulid;
  const at = params.now.toISOString();
  const protocolo = await nextProtocol(db, params.now);
  const contract: Contract = {
    id: newId(),
    profile_id: params.profileId,
    protocolo,
    valor: params.valor,
    forma_pagamento: params.formaPagamento,
    assinado_em: null,
    ip_assinatura: null,
    geo_assinatura: null,
    parent_contrato_id: params.parentContractId,
    created_at: at,
  };
  const process: Process = {
    id: newId(),
    contrato_id: contract.id,
    status: 'cadastro',
    previsao: null,
    observacoes: null,
    baixa_deferida_em: null,
    baixa_caiu_em: null,
    created_at: at,
    updated_at: at,
  };
  const pk = keys.customer(params.userId);
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: {
              pk,
              sk: keys.contractSk(contract.id),
              type: 'CONTRACT',
              gsi1pk: keys.typeList('CONTRACT'),
              gsi1sk: keys.listSort(at, contract.id),
              ...contract,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: {
              ...pointerKey(keys.protocolPointer(protocolo)),
              type: 'PROTOCOL_POINTER',
              user_id: params.userId,
              contract_id: contract.id,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: {
              pk,
              sk: keys.processSk(contract.id),
              type: 'PROCESS',
              user_id: params.userId,
              gsi1pk: keys.typeList('PROCESS'),
              gsi1sk: keys.listSort(at, process.id),
              gsi2pk: keys.statusList('PROCESS', process.status),
              gsi2sk: keys.listSort(at, process.id),
              ...process,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        counterUpdate(db.tableName, COUNTERS.processes, { total: 1, [process.status]: 1 }),
      ],
    }),
  );
  return { contract, process };
}
