import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import type { Contract, Process } from '../../../domain/schemas/entities.js';
import { ConflictError } from '../errors.js';
import { auditPut, type NewAuditEntry } from './audit.js';
import { CHARGE_CLAIM_SECONDS } from './charge-creation.js';
import { keys } from './keys.js';
import { changeProcessStatus, type ProcessRef } from './processes.js';
import { isConditionFailure, type Db, type TransactItem } from './table.js';
import { refusal } from '../../../domain/refusals.js';

type CancelParams = {
  ref: ProcessRef;
  /** The contract and process as read: the writes are conditioned on them. */
  contract: Contract;
  process: Process;
  byUser: string;
  /** The history record's note ('Cancelado a pedido do cliente', or the admin's reason). */
  obs: string;
  /** A free renewal's credit comes back to the profile. */
  returnFreeRenewal: boolean;
  audit: NewAuditEntry;
  now: string;
};

/**
 * Pattern 50: a contract is cancelled, all or nothing — the contract marked (`cancelado_em`, once: never signed, charged
 * or renewed again), its process closed ('encerrado', with its history record and counters) unless it already is, a
 * free renewal's credit given back, and the audit record — in one transaction conditioned on the contract not being
 * cancelled, its signature, and the process status the caller decided on (a filing in between refuses it). Losing a race (20 clicks) is a ConflictError: the caller reads again.
 * The money is settled afterwards (`settleCancelledCharge`), from this state, so a retry finds what is left to do.
 */
export async function cancelContract(db: Db, params: CancelParams): Promise<void> {
  const { ref, now } = params;
  const items: TransactItem[] = [
    {
      Update: {
        TableName: db.tableName,
        Key: { pk: keys.customer(ref.userId), sk: keys.contractSk(ref.contractId) },
        UpdateExpression: 'SET cancelado_em = :now',
        // The signature the 7 days were counted from (domain/withdrawal.ts) is the one still there.
        // Not while a charge is being created at Asaas (its claim is live): the PIX it makes would escape the
        // settlement. The caller reads again and retries; a crashed claim goes stale after CHARGE_CLAIM_SECONDS.
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(cancelado_em) AND ' +
          '(attribute_not_exists(charge_claimed_at) OR charge_claimed_at < :stale)' +
          (params.contract.assinado_em ? ' AND assinado_em = :signed' : ''),
        ExpressionAttributeValues: {
          ':now': now,
          ...(params.contract.assinado_em ? { ':signed': params.contract.assinado_em } : {}),
          ':stale': new Date(new Date(now).getTime() - CHARGE_CLAIM_SECONDS * 1000).toISOString(),
        },
      },
    },
    ...(params.returnFreeRenewal
      ? [
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(ref.userId), sk: keys.profileSk },
              UpdateExpression: 'ADD free_renewals :one',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ]
      : []),
    auditPut(db, params.audit),
  ];
  if (params.process.status !== 'encerrado') {
    await changeProcessStatus(db, {
      ref,
      // Conditioned on the status the caller's decision saw (not filed), never a fresher one.
      expectedFrom: params.process.status,
      to: 'encerrado',
      byUser: params.byUser,
      obs: params.obs,
      now,
      extraItems: () => items,
    });
    return;
  }
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          ...items,
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
              ConditionExpression: '#status = :closed',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':closed': 'encerrado' },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError(refusal('changed_concurrently', PROCESS_MESSAGES.changedConcurrently));
    throw error;
  }
}
