import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { RENEWAL_MESSAGES } from '../../../domain/messages.js';
import { RENEWABLE_PROCESS_STATUSES } from '../../../domain/renewals.js';
import type { Contract, Process } from '../../../domain/schemas/entities.js';
import { ConflictError } from '../errors.js';
import { newContract, newContractWrites, nextProtocol, profileCountsUpdate } from './contracts.js';
import { keys } from './keys.js';
import { isConditionFailure, type Db, type TransactItem } from './table.js';
import { refusal } from '../../../domain/refusals.js';

/** Attempts when another transaction holds the same items (DynamoDB cancels with TransactionConflict). */
const CONFLICT_ATTEMPTS = 5;

type CreateRenewalParams = {
  userId: string;
  profileId: string;
  /** The contract renewed: the customer's latest, whose process must still be renewable when the write applies. */
  parentContractId: string;
  /** A free renewal spends one of the profile's `free_renewals` in the same transaction. */
  free: boolean;
  valor: number;
  formaPagamento: string;
  now: Date;
  newId?: () => string;
};

/**
 * Patterns 36 (free) and 37 (paid): the renewal contract, its protocol pointer and its process (pattern 6's items),
 * in one transaction with
 * - the profile: `contract_count`/`process_count` + 1 and, for a free renewal, `free_renewals - 1` only while
 *   `free_renewals > 0` (so parallel clicks with one free renewal make one contract and never go below zero);
 * - the parent contract: `renewed_by` set only if absent (a contract is renewed once: one open renewal at a time);
 * - a ConditionCheck that the parent's process is still granted, fallen or closed.
 * A failed condition becomes the refusal the customer reads; a transaction that lost to a concurrent one is tried
 * again, and then meets the winner's condition.
 */
export async function createRenewal(
  db: Db,
  params: CreateRenewalParams,
): Promise<{ contract: Contract; process: Process }> {
  const protocolo = nextProtocol(params.now);
  const created = newContract({
    profileId: params.profileId,
    protocolo,
    valor: params.valor,
    formaPagamento: params.formaPagamento,
    parentContractId: params.parentContractId,
    at: params.now.toISOString(),
    newId: params.newId ?? ulid,
  });
  const pk = keys.customer(params.userId);
  const statuses = Object.fromEntries(RENEWABLE_PROCESS_STATUSES.map((status, i) => [`:s${i}`, status]));
  const items: TransactItem[] = [
    // The order matters: the refusals below read the first three by position.
    params.free
      ? {
          Update: {
            TableName: db.tableName,
            Key: { pk, sk: keys.profileSk },
            UpdateExpression: 'SET free_renewals = free_renewals - :one ADD contract_count :one, process_count :one',
            ConditionExpression: 'attribute_exists(pk) AND free_renewals > :zero',
            ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
          },
        }
      : profileCountsUpdate(db, params.userId, { contracts: 1, processes: 1 }),
    {
      Update: {
        TableName: db.tableName,
        Key: { pk, sk: keys.contractSk(params.parentContractId) },
        UpdateExpression: 'SET renewed_by = :renewal',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(renewed_by)',
        ExpressionAttributeValues: { ':renewal': created.contract.id },
      },
    },
    {
      ConditionCheck: {
        TableName: db.tableName,
        Key: { pk, sk: keys.processSk(params.parentContractId) },
        ConditionExpression: `#status IN (${Object.keys(statuses).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: statuses,
      },
    },
    ...newContractWrites(db, params.userId, created),
  ];

  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return created;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const reasons = cancellationCodes(error);
      const [profileRefused, alreadyRenewed, notRenewable] = reasons.map((code) => code === 'ConditionalCheckFailed');
      if (profileRefused) {
        throw new ConflictError(
          params.free
            ? refusal('no_free_renewals', RENEWAL_MESSAGES.noFreeRenewals)
            : refusal('profile_missing', RENEWAL_MESSAGES.profileMissing),
        );
      }
      if (alreadyRenewed) throw new ConflictError(RENEWAL_MESSAGES.alreadyRenewed);
      if (notRenewable) throw new ConflictError(RENEWAL_MESSAGES.processInProgress);
      if (!reasons.includes('TransactionConflict') || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 30));
    }
  }
}

function cancellationCodes(error: unknown): (string | undefined)[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code);
}
