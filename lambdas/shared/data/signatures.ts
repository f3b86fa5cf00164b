import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { contractSchema, processSchema, profileSchema, type Contract } from '../../../domain/schemas/entities.js';
import type { SignableState, SigningPlan } from '../../../domain/signing.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys } from './keys.js';
import { historyItem } from './processes.js';
import { statusMoveItems } from './status-moves.js';
import { appliedUnlessConditionFails, stripKeys, type Db, type TransactItem } from './table.js';

export type SignatureRecord = {
  signedAt: string;
  ip: string;
  geo: NonNullable<Contract['geo_assinatura']>;
  userAgent: string;
  textSha256: string;
  /** The words of the checkbox the customer ticked ('Li e concordo com os termos do contrato'). */
  consent: string;
  /** Key of the signed PDF in the documents bucket. */
  pdfKey: string;
};

/** What a signature needs to read first: the contract (owner in the key), its process and the profile. */
export async function readSignable(db: Db, userId: string, contractId: string): Promise<SignableState> {
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
 * Pattern 7: writes a signature decided by the caller (`domain/signing.ts`) from what it read. One transaction: the
 * contract (only while `assinado_em` is still null), its process moved from the status read to the plan's last step
 * with a history record per step, the process counters, and — on the customer's first signature — `has_contract` and
 * the clients' `with_contract` counter. Every condition holds what the plan was decided on, so of twenty parallel
 * attempts one writes; the others get false (and the caller reads again to say why).
 */
export async function writeSignature(
  db: Db,
  params: {
    userId: string;
    contractId: string;
    processId: string;
    plan: SigningPlan;
    signature: SignatureRecord;
    newId?: () => string;
  },
): Promise<boolean> {
  const { userId, contractId, processId, plan, signature } = params;
  const newId = params.newId ?? ulid;
  const pk = keys.customer(userId);
  const history = plan.steps.map(
    (step) =>
      ({
        Put: {
          TableName: db.tableName,
          Item: historyItem(
            { userId, contractId },
            { id: newId(), processId, from: step.from, to: step.to, obs: null, byUser: userId, at: step.at },
          ),
        },
      }) satisfies TransactItem,
  );
  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: { pk, sk: keys.contractSk(contractId) },
        UpdateExpression: 'SET assinado_em = :at, ip_assinatura = :ip, geo_assinatura = :geo, assinatura = :evidence',
        ConditionExpression: 'attribute_exists(pk) AND attribute_type(assinado_em, :nullType)',
        ExpressionAttributeValues: {
          ':at': signature.signedAt,
          ':ip': signature.ip,
          ':geo': signature.geo,
          ':evidence': {
            user_agent: signature.userAgent,
            text_sha256: signature.textSha256,
            aceite: signature.consent,
            pdf_key: signature.pdfKey,
          },
          ':nullType': 'NULL',
        },
      },
    },
    ...statusMoveItems(db.tableName, {
      key: { pk, sk: keys.processSk(contractId) },
      entity: 'PROCESS',
      id: processId,
      from: plan.from,
      to: plan.to,
      at: signature.signedAt,
      set: plan.previsao ? ['previsao = :previsao'] : [],
      values: plan.previsao ? { ':previsao': plan.previsao } : {},
      counter: COUNTERS.processes,
    }),
    ...history,
  ];
  if (plan.firstContract) {
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
  return appliedUnlessConditionFails(() => db.client.send(new TransactWriteCommand({ TransactItems: items })));
}

/**
 * Pattern 67: a signed contract's stored PDF, by its owner's key (another customer's id finds nothing): the protocol
 * names the file. Null for an unknown, unsigned or erased contract, or one signed before the PDF was kept.
 */
export async function signedContractDocument(
  db: Db,
  userId: string,
  contractId: string,
): Promise<{ protocolo: string; pdfKey: string } | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
      ProjectionExpression: 'protocolo, assinado_em, assinatura.pdf_key',
    }),
  );
  const pdfKey: unknown = (Item?.assinatura as { pdf_key?: unknown } | undefined)?.pdf_key;
  if (!Item || typeof Item.protocolo !== 'string' || !Item.assinado_em || typeof pdfKey !== 'string') return null;
  return { protocolo: Item.protocolo, pdfKey };
}
