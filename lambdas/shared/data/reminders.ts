import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DueReminder, ReminderChannel } from '../../../domain/reminders.js';
import { everyInStatus, type Owned } from './admin-lists.js';
import { emailOnceKeys } from './email-once.js';
import { keys } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/*
 * Reminders (docs/data-model.md, patterns 98–100): what the sweep reads to find them, the one-a-day record per
 * customer, and whether a reminder already went (its once-only e-mail marker, pattern 66).
 */

/**
 * Pattern 99: the sweep's candidates — every PENDING charge and every process in 'pago' (pattern 80's gsi2
 * partitions, oldest move first). Both stay short: a PIX is payable for 3 days, and a paid process leaves 'pago' when
 * its kit is approved.
 */
export async function reminderCandidates(
  db: Db,
): Promise<{ charges: Owned<Record<string, unknown>>[]; processes: Owned<Record<string, unknown>>[] }> {
  const [charges, processes] = await Promise.all([
    everyInStatus(db, 'CHARGE', 'PENDING'),
    everyInStatus(db, 'PROCESS', 'pago'),
  ]);
  return { charges, processes };
}

/**
 * Pattern 98 (a): claims a customer's São Paulo day for one reminder. The day's key makes it one a day whatever the runs;
 * the same reminder may claim it again (a retry after a failed send), another may not. The item is also the record the
 * case file shows, once `enviado_em` is set.
 */
export async function claimReminderDay(db: Db, userId: string, day: string, reminder: DueReminder): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.reminderDaySk(day) },
        UpdateExpression: 'SET #type = :type, lembrete_id = :id, kind = :kind, contrato_id = :contract, dia = :day',
        ConditionExpression: 'attribute_not_exists(pk) OR lembrete_id = :id',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'REMINDER',
          ':id': reminder.id,
          ':kind': reminder.kind,
          ':contract': reminder.contractId,
          ':day': day,
        },
      }),
    ),
  );
}

/** Pattern 98 (b): the day's reminder went, by these channels (the first sending's time is kept). */
export async function markReminderSent(
  db: Db,
  userId: string,
  day: string,
  reminderId: string,
  channels: readonly ReminderChannel[],
  at: string,
): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.reminderDaySk(day) },
        UpdateExpression: 'SET enviado_em = if_not_exists(enviado_em, :at), canais = :channels',
        ConditionExpression: 'lembrete_id = :id',
        ExpressionAttributeValues: { ':at': at, ':channels': [...channels], ':id': reminderId },
      }),
    ),
  );
}

/**
 * Pattern 100: whether a reminder's e-mail went already (its once-only marker holds `sent_at`), read consistently: a
 * reminder sent on an earlier day is not due again, and must not take today's place.
 */
export async function reminderAlreadySent(db: Db, userId: string, reminderId: string): Promise<boolean> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: emailOnceKeys.reminder(userId, reminderId), ConsistentRead: true }),
  );
  return typeof Item?.sent_at === 'string';
}
