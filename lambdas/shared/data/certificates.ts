import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { certificateSchema, type Certificate } from '../../../domain/nada-consta.js';
import { processSchema, profileSchema, type Process, type Profile } from '../../../domain/schemas/entities.js';
import { ITEM_TYPE } from './items.js';
import { keys, pointerKey } from './keys.js';
import { batchGetAll, failedConditions, isConditionFailure, putNew, readPointer, stripKeys, type Db } from './table.js';

export { certificateSchema, type Certificate };

/** The certificate item, in the customer's partition (so deleting the client finds it), one per grant of a contract. */
export function certificateItem(certificate: Certificate) {
  return {
    pk: keys.customer(certificate.user_id),
    sk: keys.certificateSk(certificate.contrato_id, certificate.baixa_deferida_em),
    type: ITEM_TYPE.certificate,
    ...certificate,
  };
}

/** The verification code's pointer (pk = sk): which customer, contract and grant the code names. */
export function certificatePointerItem(certificate: Certificate) {
  return {
    ...pointerKey(keys.certificatePointer(certificate.codigo)),
    type: 'CERTIFICATE_POINTER',
    user_id: certificate.user_id,
    contrato_id: certificate.contrato_id,
    baixa_deferida_em: certificate.baixa_deferida_em,
  };
}

export type CertificateRef = { userId: string; contractId: string };

/**
 * Pattern 44a: what issuing a Nada Consta decides on — the customer's profile (e-mail, name, document) and the
 * contract's process (status, grant date) — in one strongly consistent BatchGetItem.
 */
export async function readCertificateSubject(
  db: Db,
  ref: CertificateRef,
): Promise<{ profile: Profile | null; process: Process | null }> {
  const items = await batchGetAll(
    db,
    [
      { pk: keys.customer(ref.userId), sk: keys.profileSk },
      { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
    ],
    { consistent: true },
  );
  const profile = items.find((item) => item.type === 'PROFILE');
  const process = items.find((item) => item.type === 'PROCESS');
  return {
    profile: profile ? profileSchema.parse(stripKeys(profile)) : null,
    process: process ? processSchema.parse(stripKeys(process)) : null,
  };
}

/** Pattern 44b: the certificate already issued for this grant of a contract, if any (strongly consistent). */
export async function findIssuedCertificate(
  db: Db,
  ref: CertificateRef,
  grantedAt: string,
): Promise<Certificate | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.certificateSk(ref.contractId, grantedAt) },
      ConsistentRead: true,
    }),
  );
  return Item ? certificateSchema.parse(stripKeys(Item)) : null;
}

export type SaveCertificateResult = 'saved' | 'already_issued' | 'code_taken' | 'process_changed' | 'conflict';

/**
 * Pattern 44c: records a certificate — its item and its code's pointer, both new — in one transaction that also checks
 * the process is still `baixa_deferida` under the same grant, so a status change between the read and this write
 * issues nothing. The answer says which condition failed: another request issued this grant's certificate first
 * (`already_issued`: read it and reuse it), the random code exists (`code_taken`: draw again), or the process moved;
 * `conflict` when a concurrent transaction on the same items cancelled ours (read again and retry).
 */
export async function saveCertificate(db: Db, certificate: Certificate): Promise<SaveCertificateResult> {
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(db, certificateItem(certificate)),
          putNew(db, certificatePointerItem(certificate)),
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: { pk: keys.customer(certificate.user_id), sk: keys.processSk(certificate.contrato_id) },
              ConditionExpression: '#status = :granted AND baixa_deferida_em = :grantedAt',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':granted': 'baixa_deferida', ':grantedAt': certificate.baixa_deferida_em },
            },
          },
        ],
      }),
    );
    return 'saved';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const [itemExists, codeExists, processMoved] = failedConditions(error);
    if (itemExists) return 'already_issued';
    if (codeExists) return 'code_taken';
    if (processMoved) return 'process_changed';
    if (transactionConflict(error)) return 'conflict';
    throw error;
  }
}

/**
 * Pattern 45: a certificate by its verification code, with its process as it stands now (to tell whether the removal
 * is still in force). The pointer, then one BatchGetItem of the certificate and the process; null for an unknown code.
 */
export async function findCertificateByCode(
  db: Db,
  code: string,
): Promise<{ certificate: Certificate; process: Process | null } | null> {
  const pointer = await readPointer(db, keys.certificatePointer(code));
  if (!pointer) return null;
  const userId = pointer.user_id as string;
  const contractId = pointer.contrato_id as string;
  const items = await batchGetAll(
    db,
    [
      { pk: keys.customer(userId), sk: keys.certificateSk(contractId, pointer.baixa_deferida_em as string) },
      { pk: keys.customer(userId), sk: keys.processSk(contractId) },
    ],
    { consistent: true },
  );
  const certificate = items.find((item) => item.type === 'CERTIFICATE');
  const process = items.find((item) => item.type === 'PROCESS');
  // A client being deleted may leave the pointer a moment longer than the certificate (pattern 28 runs in chunks).
  if (!certificate) return null;
  return {
    certificate: certificateSchema.parse(stripKeys(certificate)),
    process: process ? processSchema.parse(stripKeys(process)) : null,
  };
}

/** A transaction cancelled because another one was writing the same items at that moment (no condition failed). */
function transactionConflict(error: unknown): boolean {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict');
}
