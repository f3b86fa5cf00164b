import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PAID_CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import { ConflictError } from '../errors.js';
import { auditPut, type NewAuditEntry } from './audit.js';
import type { ChargeRef } from './charges.js';
import { keys } from './keys.js';
import { isConditionFailure, type Db } from './table.js';

/*
 * Where a cancelled contract's charge stands when Asaas would not settle it (pattern 68): the refusal and its reason on
 * the charge item, so every screen derives 'Estorno recusado' from the charge itself; and the admin's manual refund,
 * which closes the case when the money went back outside Asaas.
 */

const chargeKey = (ref: ChargeRef) => ({
  pk: keys.customer(ref.userId),
  sk: keys.chargeSk(ref.contractId, ref.chargeId),
});

/** Pattern 68a: Asaas refused this charge's settlement (kept until one is accepted). */
export async function markSettlementRefused(db: Db, ref: ChargeRef, reason: string, now: string): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: chargeKey(ref),
        UpdateExpression: 'SET refund_refused_at = :now, refund_refused_reason = :reason',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now, ':reason': reason },
      }),
    );
  } catch (error) {
    // The charge went with its client's deletion: nothing is left to mark.
    if (!isConditionFailure(error)) throw error;
  }
}

/** Pattern 68b: a settlement Asaas accepted after an earlier refusal: the charge no longer shows it. */
export async function clearSettlementRefused(db: Db, ref: ChargeRef): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: chargeKey(ref),
        UpdateExpression: 'REMOVE refund_refused_at, refund_refused_reason',
        ConditionExpression: 'attribute_exists(refund_refused_at)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export type ManualRefund = { valor: number; data: string; motivo: string; por: string; em: string };

/**
 * Pattern 68c: 'Registrar estorno manual' — the manual refund on the charge and its audit record, in one transaction
 * conditioned on the charge being paid, its contract cancelled and no manual refund recorded yet (409 otherwise).
 */
export async function recordManualRefund(
  db: Db,
  ref: ChargeRef,
  refund: ManualRefund,
  audit: NewAuditEntry,
): Promise<void> {
  const paid = Object.fromEntries(PAID_CHARGE_STATUSES.map((status, i) => [`:paid${i}`, status]));
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: chargeKey(ref),
              UpdateExpression: 'SET manual_refund = :refund REMOVE refund_refused_at, refund_refused_reason',
              ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(manual_refund) AND #status IN (${Object.keys(paid).join(', ')})`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':refund': refund, ...paid },
            },
          },
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: { pk: keys.customer(ref.userId), sk: keys.contractSk(ref.contractId) },
              ConditionExpression: 'attribute_exists(cancelado_em)',
            },
          },
          auditPut(db, audit),
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError(WITHDRAWAL_MESSAGES.manualRefundNotCancelled);
    throw error;
  }
}
