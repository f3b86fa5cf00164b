import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REFERRALS_PER_FREE_RENEWAL } from '../../../domain/pricing.js';
import type { Profile } from '../../../domain/schemas/entities.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys, statusIndexKeys } from './keys.js';
import { failedConditions, isConditionFailure, readPointer, type Db } from './table.js';

/** A loop guard: one payment can cross the threshold once; more rounds mean someone else is granting too. */
const MAX_REWARD_ROUNDS = 3;

export type ReferralPayment = { referrerUserId: string | null; markedPaid: boolean; rewardsGranted: number };

/**
 * Pattern 35: the payer's first paid charge makes their referral 'paid' and counts it on the referrer's profile, in one
 * transaction conditioned on the referral's status as read (so a repeated or concurrent confirmation counts nothing). Then every
 * `REFERRALS_PER_FREE_RENEWAL` paid referrals grant one free renewal, exactly once: the profile keeps the count at which
 * the next reward is due (`next_reward_at`), and granting moves it on in the same conditional update. The reward step
 * runs on every call, so a confirmation retried after a crash between the two steps still grants what is due.
 */
export async function markReferralPaid(db: Db, payer: Profile, now: string): Promise<ReferralPayment> {
  if (!payer.referred_by_profile_id) return { referrerUserId: null, markedPaid: false, rewardsGranted: 0 };
  const pointer = await readPointer(db, keys.profileIdPointer(payer.referred_by_profile_id));
  const referrerUserId = typeof pointer?.user_id === 'string' ? pointer.user_id : null;
  if (!referrerUserId) return { referrerUserId: null, markedPaid: false, rewardsGranted: 0 };

  const key = { pk: keys.customer(referrerUserId), sk: keys.referralSk(payer.email.toLowerCase()) };
  const { Item: referral } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  let markedPaid = false;
  if (referral && referral.status !== 'paid') {
    const from = String(referral.status);
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: db.tableName,
                Key: key,
                UpdateExpression:
                  'SET #status = :paid, updated_at = :now, referred_profile_id = :payer, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
                ConditionExpression: '#status = :from',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':paid': 'paid',
                  ':from': from,
                  ':now': now,
                  ':payer': payer.id,
                  ...prefixed(statusIndexKeys('REFERRAL', 'paid', now, String(referral.id))),
                },
              },
            },
            {
              Update: {
                TableName: db.tableName,
                Key: { pk: keys.customer(referrerUserId), sk: keys.profileSk },
                UpdateExpression: 'ADD paid_referrals :one',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
            counterUpdate(db.tableName, COUNTERS.referrals, { [from]: -1, paid: 1 }),
          ],
        }),
      );
      markedPaid = true;
    } catch (error) {
      // A concurrent confirmation counted it first (the referral's own condition failed): the reward step below still
      // runs. Anything else — a transaction conflict on the shared counter, say — is thrown, so the task is retried.
      if (!failedConditions(error)[0]) throw error;
    }
  }
  return { referrerUserId, markedPaid, rewardsGranted: await grantDueRewards(db, referrerUserId) };
}

async function grantDueRewards(db: Db, referrerUserId: string): Promise<number> {
  let granted = 0;
  for (let round = 0; round < MAX_REWARD_ROUNDS; round += 1) {
    try {
      await db.client.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: keys.customer(referrerUserId), sk: keys.profileSk },
          UpdateExpression:
            'SET free_renewals = free_renewals + :one, next_reward_at = if_not_exists(next_reward_at, :step) + :step',
          ConditionExpression:
            '(attribute_not_exists(next_reward_at) AND paid_referrals >= :step) OR paid_referrals >= next_reward_at',
          ExpressionAttributeValues: { ':one': 1, ':step': REFERRALS_PER_FREE_RENEWAL },
        }),
      );
      granted += 1;
    } catch (error) {
      if (isConditionFailure(error)) return granted;
      throw error;
    }
  }
  return granted;
}

function prefixed(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [`:${key}`, value]));
}
