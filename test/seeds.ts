import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../lambdas/shared/data/keys.js';
import { ulid } from 'ulid';
import type { ChargeStatus } from '../domain/charge-status.js';
import type { Charge, Contract, Process } from '../domain/schemas/entities.js';
import { newChargeWrites } from '../lambdas/shared/data/charge-creation.js';
import { newContract, newContractWrites, nextProtocol, profileCountsUpdate } from '../lambdas/shared/data/contracts.js';
import type { Db } from '../lambdas/shared/data/table.js';

/**
 * Items that only tests and the load bench write directly (the product makes them through Asaas or a renewal), built
 * from the real item builders and written in one transaction as the product writes them.
 */

type CreateChargeParams = {
  userId: string;
  contractId: string;
  asaasId: string;
  /** One of ours (the Asaas client normalises Asaas's at the edge); a new charge's by default. */
  status?: ChargeStatus;
  qrCode?: string | null;
  pixPayload?: string | null;
  link?: string | null;
  fbEventId?: string | null;
  /** ISO; now by default. */
  now?: string;
  newId?: () => string;
  /** Reais; the finance figures count it. */
  valor?: number | null;
  pixValidoAte?: string | null;
};

/** A charge with its provider-id pointer, counted (charges and finance), all or nothing. */
export async function createCharge(db: Db, params: CreateChargeParams): Promise<Charge> {
  const now = params.now ?? new Date().toISOString();
  const charge = {
    id: (params.newId ?? ulid)(),
    contrato_id: params.contractId,
    status: params.status ?? 'PENDING',
    qr_code: params.qrCode ?? null,
    pix_payload: params.pixPayload ?? null,
    link: params.link ?? null,
    asaas_id: params.asaasId,
    fb_event_id: params.fbEventId ?? null,
    valor: params.valor ?? null,
    pix_valido_ate: params.pixValidoAte ?? null,
    created_at: now,
    updated_at: now,
  } satisfies Charge;
  await db.client.send(new TransactWriteCommand({ TransactItems: newChargeWrites(db, params.userId, charge) }));
  return charge;
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
 * Pattern 6: a contract (initial or renewal) of an existing profile, with its protocol pointer and its process at
 * 'cadastro', and the profile's contract and process counts — what a renewal writes, without its checks.
 */
export async function createContract(
  db: Db,
  params: CreateContractParams,
): Promise<{ contract: Contract; process: Process }> {
  const created = newContract({
    ...params,
    protocolo: nextProtocol(params.now),
    at: params.now.toISOString(),
    newId: params.newId ?? ulid,
  });
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        ...newContractWrites(db, params.userId, created),
        profileCountsUpdate(db, params.userId, { contracts: 1, processes: 1 }),
      ],
    }),
  );
  return created;
}

/**
 * The court case fields the admin's filing ('Peticionado', another branch's route) writes on the process: the CNJ
 * number, its court, the unit and the filing day.
 */
export async function writeCourtCaseFields(
  db: Db,
  ref: { userId: string; contractId: string },
  fields: { numero_cnj: string; tribunal: string; vara: string | null; peticionado_em: string },
): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
      UpdateExpression: 'SET numero_cnj = :n, tribunal = :t, vara = :v, peticionado_em = :p',
      ExpressionAttributeValues: {
        ':n': fields.numero_cnj,
        ':t': fields.tribunal,
        ':v': fields.vara,
        ':p': fields.peticionado_em,
      },
    }),
  );
}
