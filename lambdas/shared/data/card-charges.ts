import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { canChargeMove, isChargeStatus, PENDING_CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { fromCents, receivedDelta } from '../../../domain/finance.js';
import { saoPauloDay } from '../../../domain/sao-paulo-calendar.js';
import { getCharge, type ChargeRef } from './charges.js';
import { financeDayUpdate } from './finance.js';
import { keys } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/*
 * What a card charge keeps beside its status (patterns 87–88): each instalment's status, and a card the issuer refused
 * or Asaas's risk analysis reproved. The charge's own status is its first instalment's (charge-moves.ts).
 */

const chargeKey = (ref: ChargeRef) => ({
  pk: keys.customer(ref.userId),
  sk: keys.chargeSk(ref.contractId, ref.chargeId),
});

/**
 * Pattern 87: a later instalment's status as Asaas confirmed it, along the charge's life (a late event of an earlier
 * state never moves it back), conditioned on the status read so two events of one instalment apply once each. When the
 * instalment's money arrives, what Asaas keeps of it (`feeCents`) is added to the charge's fee and to the day's fees
 * (pattern 56) in the same transaction: once, whatever the deliveries do.
 */
export async function recordInstalmentStatus(
  db: Db,
  ref: ChargeRef,
  instalment: number,
  to: string,
  arrival: { feeCents: number | null; now: string },
): Promise<boolean> {
  const charge = await getCharge(db, ref);
  const statuses = charge?.parcelas_status;
  if (!statuses) return false;
  const from = statuses[String(instalment)];
  if (from === undefined || from === to || !isChargeStatus(from) || !canChargeMove(from, to, { freshRead: true })) {
    return false;
  }
  const fee = receivedDelta(from, to) > 0 ? (arrival.feeCents ?? 0) : 0;
  const update = {
    TableName: db.tableName,
    Key: chargeKey(ref),
    UpdateExpression: `SET parcelas_status.#n = :to${fee > 0 ? ' ADD taxa_asaas :fee' : ''}`,
    ConditionExpression: 'parcelas_status.#n = :from',
    ExpressionAttributeNames: { '#n': String(instalment) },
    ExpressionAttributeValues: { ':from': from, ':to': to, ...(fee > 0 ? { ':fee': fromCents(fee) } : {}) },
  };
  return appliedUnlessConditionFails(() =>
    fee > 0
      ? db.client.send(
          new TransactWriteCommand({
            TransactItems: [
              { Update: update },
              financeDayUpdate(db.tableName, saoPauloDay(arrival.now), { fee_cents: fee }),
            ],
          }),
        )
      : db.client.send(new UpdateCommand(update)),
  );
}

/**
 * Pattern 88: a card refused by its issuer or reproved by Asaas's risk analysis, on a charge still waiting for its
 * money (a payment that went through meanwhile is never marked refused). Repeated events write the same fact.
 */
export async function markCardRefused(
  db: Db,
  ref: ChargeRef,
  motivo: 'recusado' | 'reprovado',
  now: string,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: chargeKey(ref),
        UpdateExpression: 'SET cartao_recusado = :refusal',
        ConditionExpression: 'attribute_exists(pk) AND #status IN (:pending, :risk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':refusal': { motivo, em: now },
          ':pending': PENDING_CHARGE_STATUSES[0],
          ':risk': PENDING_CHARGE_STATUSES[1],
        },
      }),
    ),
  );
}
