import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { emailAddressHash } from './email-suppressions.js';
import { keys } from './keys.js';
import type { Db } from './table.js';

/**
 * What the case file keeps of one e-mail sent to a customer: its subject and time, and the address as its hash (as
 * pattern 64 keys it) — never the body, which may hold a link that signs in, nor the address itself, which a change of
 * e-mail must leave nowhere (pattern 63).
 */
export type SentEmailRecord = { userId: string; at: string; subject: string; to: string };

/**
 * Pattern 84: records an e-mail sent to a customer, under their partition (so it goes with them on a deletion, and is
 * in their data export). An UpdateItem of a new key (`SET`, never overwriting): the senders already hold UpdateItem on
 * the customer's partition for their own markers.
 */
export async function recordSentEmail(db: Db, record: SentEmailRecord): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(record.userId), sk: keys.sentEmailSk(record.at, ulid()) },
      UpdateExpression: 'SET #type = :type, assunto = :subject, para_hash = :to, enviado_em = :at',
      ConditionExpression: 'attribute_not_exists(pk)',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'SENT_EMAIL',
        ':subject': record.subject,
        ':to': emailAddressHash(record.to),
        ':at': record.at,
      },
    }),
  );
}
