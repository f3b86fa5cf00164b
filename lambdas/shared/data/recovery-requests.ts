import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, pointerKey } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/**
 * Pattern 32: claims the right to e-mail `userId` a password-recovery link, at most once per `minIntervalSeconds`.
 * False when the previous recovery e-mail is more recent than that. Times in epoch seconds.
 */
export async function claimRecoveryRequest(
  db: Db,
  userId: string,
  nowSeconds: number,
  minIntervalSeconds: number,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...pointerKey(keys.recoveryRequest(userId)),
          type: 'RECOVERY_REQUEST',
          requested_at: nowSeconds,
          // The condition reads `requested_at` itself; TTL only tidies up.
          expiresAt: nowSeconds + minIntervalSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR requested_at <= :cutoff',
        ExpressionAttributeValues: { ':cutoff': nowSeconds - minIntervalSeconds },
      }),
    ),
  );
}
