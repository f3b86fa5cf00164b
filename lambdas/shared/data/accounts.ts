import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/**
 * Pattern 31: claims the welcome e-mail of an account. True for the first caller only, so a retried or repeated
 * PostConfirmation never sends it twice.
 */
export async function claimWelcomeEmail(db: Db, userId: string, at: string): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.accountSk },
        UpdateExpression: 'SET #type = :type, user_id = :userId, welcome_sent_at = :at',
        ConditionExpression: 'attribute_not_exists(welcome_sent_at)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'ACCOUNT', ':userId': userId, ':at': at },
      }),
    ),
  );
}

/** Pattern 31 (undo): gives the claim back when the e-mail could not be sent, so a later attempt may send it. */
export async function releaseWelcomeEmail(db: Db, userId: string, at: string): Promise<void> {
  // Someone else's claim (not ours) is left alone.
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.accountSk },
        UpdateExpression: 'REMOVE welcome_sent_at',
        ConditionExpression: 'welcome_sent_at = :at',
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}
