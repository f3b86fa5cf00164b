import { marshall } from '@aws-sdk/util-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { publishChanges } from '../../lambdas/live/publish-changes-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';

/** The admin alert (pattern 49) stored under an id, as the stream consumer would read it; undefined when not raised. */
export async function storedAdminAlert(db: Db, alertId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.adminAlert(alertId)) }),
  );
  return Item;
}

/**
 * Hands a raised alert's insert to the real stream consumer twice (a redelivery), for a fresh admin address, and
 * answers the subjects that admin received: what "told the admins once" means end to end.
 */
export async function deliverAdminAlert(db: Db, alertId: string): Promise<string[]> {
  const item = await storedAdminAlert(db, alertId);
  if (!item) return [];
  const admin = `admin.${ulid().toLowerCase()}@baixa.test`;
  const record: DynamoDBRecord = {
    eventID: alertId,
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: '1', NewImage: marshall(item, { removeUndefinedValues: true }) as never },
  };
  const consumer = {
    db,
    clock: () => new Date(),
    push: async () => 'gone' as const,
    sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
    admins: { adminEmails: async () => [admin] },
    appUrl: 'http://127.0.0.1:5173',
  };
  await publishChanges(consumer, [record]);
  await publishChanges(consumer, [record]);
  return (await emailsTo(admin)).map((mail) => String(mail.subject));
}
