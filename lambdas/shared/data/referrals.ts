import { statusMoveItems } from './status-moves.js';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { REFERRAL_MESSAGES } from '../../../domain/messages.js';
import { REFERRALS_PER_FREE_RENEWAL } from '../../../domain/pricing.js';
import { generateInviteCode } from '../../../domain/referral-code.js';
import { normalizeSearchTerm } from '../../../domain/search-tokens.js';
import { profileSchema, referralSchema } from '../../../domain/schemas/entities.js';
import type { Profile, Referral } from '../../../domain/schemas/entities.js';
import { PAID_CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { ConflictError } from '../errors.js';
import type { ChargeRef } from './charges.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys, pointerKey, statusIndexKeys, typeIndexKeys } from './keys.js';
import {
  failedConditions,
  isConditionFailure,
  putNew,
  queryAllItems,
  readPointer,
  stripKeys,
  type Db,
  type TransactItem,
} from './table.js';
import { refusal } from '../../../domain/refusals.js';

/** A loop guard: one payment can cross the threshold once; more rounds mean someone else is granting too. */
const MAX_REWARD_ROUNDS = 3;

const PAID_STATUS_VALUES = Object.fromEntries(PAID_CHARGE_STATUSES.map((status, i) => [`:paid${i}`, status]));
const PAID_VALUES = Object.keys(PAID_STATUS_VALUES);

export type ReferralPayment = { referrerUserId: string | null; markedPaid: boolean; rewardsGranted: number };

/**
 * Pattern 35: the payer's first paid charge makes their referral 'paid' and counts it on the referrer's profile, in one
 * transaction conditioned on the referral's status as read (so a repeated or concurrent confirmation counts nothing). Then every
 * `REFERRALS_PER_FREE_RENEWAL` paid referrals grant one free renewal, exactly once: the profile keeps the count at which
 * the next reward is due (`next_reward_at`), and granting moves it on in the same conditional update. The reward step
 * runs on every call, so a confirmation retried after a crash between the two steps still grants what is due.
 */
export async function markReferralPaid(
  db: Db,
  payer: Profile,
  now: string,
  /** The charge whose payment this is: recorded on both sides, and the mark is conditioned on it being paid still. */
  paidBy: ChargeRef,
): Promise<ReferralPayment> {
  if (!payer.referred_by_profile_id) return { referrerUserId: null, markedPaid: false, rewardsGranted: 0 };
  const pointer = await readPointer(db, keys.profileIdPointer(payer.referred_by_profile_id));
  const referrerUserId = typeof pointer?.user_id === 'string' ? pointer.user_id : null;
  if (!referrerUserId) return { referrerUserId: null, markedPaid: false, rewardsGranted: 0 };

  let key = { pk: keys.customer(referrerUserId), sk: keys.referralSk(payer.email.toLowerCase()) };
  let { Item: referral } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  if (!referral || (referral.referred_profile_id && referral.referred_profile_id !== payer.id)) {
    // The payer changed their e-mail after signing up (pattern 63 keeps the referral under the address it was made
    // for): the referrer's referrals are read and the one naming this profile is taken.
    const named = await referralNamingProfile(db, referrerUserId, payer.id);
    if (named) {
      referral = named;
      key = { pk: named.pk as string, sk: named.sk as string };
    }
  }
  let markedPaid = false;
  if (referral && referral.status !== 'paid') {
    const from = String(referral.status);
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            // First the charge, then the referral: their places are read back below when a condition fails.
            // The charge must still be paid (a refund that overtook this confirmation leaves the referral alone), and
            // names the referral it paid, so a later refund finds what to reverse.
            {
              Update: {
                TableName: db.tableName,
                Key: { pk: keys.customer(paidBy.userId), sk: keys.chargeSk(paidBy.contractId, paidBy.chargeId) },
                UpdateExpression: 'SET paid_referral = :referral',
                ConditionExpression: `#status IN (${PAID_VALUES.join(', ')})`,
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: {
                  ':referral': { referrer_user_id: referrerUserId, referral_sk: key.sk },
                  ...PAID_STATUS_VALUES,
                },
              },
            },
            ...statusMoveItems(db.tableName, {
              key,
              entity: 'REFERRAL',
              id: String(referral.id),
              from,
              to: 'paid',
              at: now,
              set: ['referred_profile_id = :payer', 'paid_by_charge_id = :charge'],
              values: { ':payer': payer.id, ':charge': paidBy.chargeId },
              counter: COUNTERS.referrals,
            }),
            {
              Update: {
                TableName: db.tableName,
                Key: { pk: keys.customer(referrerUserId), sk: keys.profileSk },
                UpdateExpression: 'ADD paid_referrals :one',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
      markedPaid = true;
    } catch (error) {
      // A concurrent confirmation counted it first (the referral's own condition failed), or the charge is no longer
      // paid: the reward step below still runs. Anything else — a transaction conflict on the shared counter, say — is
      // thrown, so the task is retried.
      const [chargeNoLongerPaid, referralMoved] = failedConditions(error);
      if (!chargeNoLongerPaid && !referralMoved) throw error;
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

/** The referral of a referrer whose invitee is this profile, if any (strongly consistent). */
async function referralNamingProfile(
  db: Db,
  referrerUserId: string,
  profileId: string,
): Promise<Record<string, unknown> | undefined> {
  const referrals = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(referrerUserId), ':prefix': keys.referralSk('') },
    ConsistentRead: true,
  });
  return referrals.find((item) => item.referred_profile_id === profileId);
}

/** The referrer as a referral item carries them: its owner, and the name and e-mail the admin list shows (no joins). */
export type ReferrerCopy = { userId: string; profileId: string; nome: string; email: string };

/** The referrer of a profile, as its referral items copy it. */
export const referrerCopyOf = (profile: Profile): ReferrerCopy => ({
  userId: profile.user_id,
  profileId: profile.id,
  nome: profile.nome_completo,
  email: profile.email,
});

/**
 * The referral item: under the referrer, keyed by the referred (lower-case) e-mail, so "one invite per address per
 * referrer" is the key's own condition and pattern 35 finds it from the payer's e-mail; listed on gsi1 and, by
 * status, on gsi2 for the admin, with the referrer's name and e-mail copied (docs/data-model.md, Admin lists).
 */
export function referralItem(referral: Referral, referrer: ReferrerCopy) {
  return {
    pk: keys.customer(referrer.userId),
    sk: keys.referralSk(referral.referred_email),
    type: 'REFERRAL',
    ...typeIndexKeys('REFERRAL', referral.created_at, referral.id),
    ...statusIndexKeys('REFERRAL', referral.status, referral.updated_at, referral.id),
    referrer_user_id: referrer.userId,
    referrer_nome: referrer.nome,
    referrer_email: referrer.email,
    ...referral,
  };
}

/** The invite pointer (pk = sk): the sign-up link's `invite` code → the referral it was sent for (pattern 33). */
export function invitePointerItem(referral: Referral, referrer: ReferrerCopy) {
  return {
    ...pointerKey(keys.invitePointer(referral.invite_code)),
    type: 'INVITE_POINTER',
    user_id: referrer.userId,
    profile_id: referrer.profileId,
    referral_id: referral.id,
    referred_email: referral.referred_email,
    created_at: referral.created_at,
  };
}

/** The admin's search token of a referral (scope REFERRAL): the referred e-mail → its referrer (pattern 38). */
export function referralSearchTokenItem(referrerUserId: string, referredEmail: string) {
  const token = normalizeSearchTerm(referredEmail);
  return {
    pk: keys.searchPartition('REFERRAL', token),
    sk: keys.searchSk(token, referrerUserId),
    type: 'SEARCH_TOKEN',
    user_id: referrerUserId,
    referred_email: referredEmail,
  };
}

type CreateReferralParams = {
  referrer: ReferrerCopy;
  /** Lower-case and trimmed (the route's schema). */
  email: string;
  now: string;
  newInviteCode?: (referralCode: string) => string;
  referralCode: string;
};

/**
 * Pattern 18: invites a friend — the referral (`invited`), its `INVITE#` pointer, its search token and
 * `COUNTER/REFERRALS`, in one transaction. The referral's key makes a second invite of the same address by the same
 * referrer a failed condition ('Este email já foi convidado anteriormente.'); the referrer's profile must still exist.
 * An invite-code collision (36^4 per referral code) is retried with fresh characters.
 */
export async function createReferral(db: Db, params: CreateReferralParams): Promise<Referral> {
  const newInviteCode = params.newInviteCode ?? ((code: string) => generateInviteCode(code));
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const referral: Referral = {
      id: ulid(),
      referrer_profile_id: params.referrer.profileId,
      referred_profile_id: null,
      referred_email: params.email,
      invite_code: newInviteCode(params.referralCode),
      status: 'invited',
      created_at: params.now,
      updated_at: params.now,
    };
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            // The order matters: failedConditions() below reads the first three by position.
            putNew(db, referralItem(referral, params.referrer)),
            putNew(db, invitePointerItem(referral, params.referrer)),
            {
              ConditionCheck: {
                TableName: db.tableName,
                Key: { pk: keys.customer(params.referrer.userId), sk: keys.profileSk },
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
            { Put: { TableName: db.tableName, Item: referralSearchTokenItem(params.referrer.userId, params.email) } },
            counterUpdate(db.tableName, COUNTERS.referrals, { total: 1, invited: 1 }),
          ],
        }),
      );
      return referral;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const [alreadyInvited, codeTaken, noProfile] = failedConditions(error);
      if (alreadyInvited) throw new ConflictError(REFERRAL_MESSAGES.duplicateInvite);
      if (noProfile) throw new ConflictError(refusal('profile_missing', REFERRAL_MESSAGES.profileRequired));
      if (!codeTaken) throw error;
    }
  }
  throw new Error('Could not allocate a unique invite code after 3 attempts');
}

/**
 * Pattern 18, undone: an invite whose e-mail could not be sent is taken back (while still `invited`), so the customer
 * can simply try again instead of being told the address was already invited. False when it had moved on meanwhile.
 */
export async function withdrawInvite(db: Db, referrerUserId: string, referral: Referral): Promise<boolean> {
  const token = referralSearchTokenItem(referrerUserId, referral.referred_email);
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: db.tableName,
              Key: { pk: keys.customer(referrerUserId), sk: keys.referralSk(referral.referred_email) },
              ConditionExpression: '#status = :invited AND id = :id',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':invited': 'invited', ':id': referral.id },
            },
          },
          { Delete: { TableName: db.tableName, Key: pointerKey(keys.invitePointer(referral.invite_code)) } },
          { Delete: { TableName: db.tableName, Key: { pk: token.pk, sk: token.sk } } },
          counterUpdate(db.tableName, COUNTERS.referrals, { total: -1, invited: -1 }),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error) && failedConditions(error)[0]) return false;
    throw error;
  }
}

/**
 * Pattern 19: a customer's profile and referrals in one Query — `PROFILE` and `REFERRAL#…` are neighbours in the
 * customer's partition (`sk BETWEEN 'PROFILE' AND 'REFERRAL$'`; '$' sorts right after '#'). Newest first.
 */
export async function referralsOfCustomer(
  db: Db,
  userId: string,
): Promise<{ profile: Profile | null; referrals: Referral[]; paidReferrals: number }> {
  let profile: Profile | null = null;
  let paidReferrals = 0;
  const referrals: Referral[] = [];
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.customer(userId), ':from': keys.profileSk, ':to': 'REFERRAL$' },
  });
  for (const item of items) {
    if (item.type === 'PROFILE') {
      profile = profileSchema.parse(stripKeys(item));
      paidReferrals = typeof item.paid_referrals === 'number' ? item.paid_referrals : 0;
    } else if (item.type === 'REFERRAL') referrals.push(referralSchema.parse(stripKeys(item)));
  }
  referrals.sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { profile, referrals, paidReferrals };
}

/** What an invite code leads to: the referrer and the address the invite was sent to. */
export type InviteTarget = { referrerUserId: string; referrerProfileId: string; referredEmail: string };

/** Pattern 33: the referral an invite code was sent for (strongly consistent: the pointer decides). */
export async function findReferralByInvite(db: Db, inviteCode: string): Promise<InviteTarget | null> {
  const item = await readPointer(db, keys.invitePointer(inviteCode));
  if (!item || typeof item.user_id !== 'string' || typeof item.referred_email !== 'string') return null;
  return {
    referrerUserId: item.user_id,
    referrerProfileId: String(item.profile_id),
    referredEmail: item.referred_email,
  };
}

/** One referral of a referrer, by the referred (lower-case) e-mail; strongly consistent. */
export async function findReferral(db: Db, referrerUserId: string, email: string): Promise<Referral | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(referrerUserId), sk: keys.referralSk(email) },
      ConsistentRead: true,
    }),
  );
  return Item ? referralSchema.parse(stripKeys(Item)) : null;
}

/**
 * How a new profile joins its referrer's referrals (pattern 34): an `invited` referral for its address moves to
 * `signed_up` (conditioned on the status read), or a new `signed_up` referral is created under the referrer.
 */
export type ReferralSignupLink =
  | { kind: 'move'; referrerUserId: string; referral: Referral }
  | { kind: 'new'; referrer: ReferrerCopy; inviteCode: string };

/**
 * Pattern 34's writes, for pattern 3's transaction (`createProfile`): each one conditioned, so a referral that moved
 * meanwhile fails only these items, and the profile is created again without them.
 */
export function referralSignupWrites(db: Db, link: ReferralSignupLink, profile: Profile, now: string): TransactItem[] {
  if (link.kind === 'move') {
    return [
      ...statusMoveItems(db.tableName, {
        key: { pk: keys.customer(link.referrerUserId), sk: keys.referralSk(link.referral.referred_email) },
        entity: 'REFERRAL',
        id: link.referral.id,
        from: 'invited',
        to: 'signed_up',
        at: now,
        set: ['referred_profile_id = :profile'],
        values: { ':id': link.referral.id, ':profile': profile.id },
        condition: 'id = :id',
        counter: COUNTERS.referrals,
      }),
    ];
  }
  const referral: Referral = {
    id: ulid(),
    referrer_profile_id: link.referrer.profileId,
    referred_profile_id: profile.id,
    referred_email: profile.email.toLowerCase(),
    invite_code: link.inviteCode,
    status: 'signed_up',
    created_at: now,
    updated_at: now,
  };
  return [
    putNew(db, referralItem(referral, link.referrer)),
    { Put: { TableName: db.tableName, Item: referralSearchTokenItem(link.referrer.userId, referral.referred_email) } },
    counterUpdate(db.tableName, COUNTERS.referrals, { total: 1, signed_up: 1 }),
  ];
}

/** What a paid charge recorded about the referral its payment made 'paid' (`markReferralPaid`). */
export type PaidReferral = { referrer_user_id: string; referral_sk: string };

export function paidReferralOf(value: unknown): PaidReferral | null {
  const record = value as Partial<PaidReferral> | null | undefined;
  return typeof record?.referrer_user_id === 'string' && typeof record.referral_sk === 'string'
    ? { referrer_user_id: record.referrer_user_id, referral_sk: record.referral_sk }
    : null;
}

/**
 * Pattern 35, undone: the payment that made a referral 'paid' went back (a refund, a chargeback), so the referral is
 * 'signed_up' again and the referrer's paid count drops by one — in one transaction conditioned on the referral being
 * paid BY THAT CHARGE and on the charge not being paid, so a redelivered, reordered or concurrent reversal undoes it
 * once, and a chargeback already won (paid again) undoes nothing. Returns whether this call undid it.
 */
export async function reverseReferralPaid(
  db: Db,
  paidBy: ChargeRef,
  paidReferral: PaidReferral,
  now: string,
): Promise<boolean> {
  const key = { pk: keys.customer(paidReferral.referrer_user_id), sk: paidReferral.referral_sk };
  const { Item: referral } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
  );
  if (!referral || referral.status !== 'paid' || referral.paid_by_charge_id !== paidBy.chargeId) return false;
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          ...statusMoveItems(db.tableName, {
            key,
            entity: 'REFERRAL',
            id: String(referral.id),
            from: 'paid',
            to: 'signed_up',
            at: now,
            remove: ['paid_by_charge_id'],
            values: { ':charge': paidBy.chargeId },
            condition: 'paid_by_charge_id = :charge',
            counter: COUNTERS.referrals,
          }),
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(paidReferral.referrer_user_id), sk: keys.profileSk },
              UpdateExpression: 'ADD paid_referrals :minusOne',
              ConditionExpression: 'attribute_exists(pk) AND paid_referrals > :zero',
              ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
            },
          },
          {
            ConditionCheck: {
              TableName: db.tableName,
              Key: { pk: keys.customer(paidBy.userId), sk: keys.chargeSk(paidBy.contractId, paidBy.chargeId) },
              ConditionExpression: `NOT (#status IN (${PAID_VALUES.join(', ')}))`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: PAID_STATUS_VALUES,
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    // Reversed by a concurrent call, or the charge is paid again: nothing to undo. Anything else is retried upstream.
    // By position: the referral's move (and its counter), the profile's count, the charge's check.
    const [referralMoved, , , chargePaidAgain] = failedConditions(error);
    if (referralMoved || chargePaidAgain) return false;
    throw error;
  }
}

/** A free renewal granted for a paid count that no longer holds, after a reversal. */
export type RewardRevocation = {
  /** Rewards taken back (unused credits). */
  revoked: number;
  /**
   * A reward that is no longer due but was already spent on a renewal: it cannot be taken back, so the profile keeps
   * its threshold (the next reward needs the count to reach it again, which settles the debt) and the admins are told.
   * The threshold it was granted at; null when none.
   */
  overdrawnAt: number | null;
};

/**
 * Takes back free renewals the referrer's paid count no longer earns (`REFERRALS_PER_FREE_RENEWAL` paid referrals
 * each). Every take-back is conditioned on the threshold as read (`next_reward_at`), so two reversals racing take one
 * reward back once; an unused credit is taken, a spent one is reported (`overdrawnAt`).
 */
export async function revokeUndueRewards(db: Db, referrerUserId: string): Promise<RewardRevocation> {
  const result: RewardRevocation = { revoked: 0, overdrawnAt: null };
  for (let round = 0; round < MAX_REWARD_ROUNDS; round += 1) {
    const { Item: profile } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrerUserId), sk: keys.profileSk },
        ConsistentRead: true,
      }),
    );
    const next = typeof profile?.next_reward_at === 'number' ? profile.next_reward_at : null;
    const paid = typeof profile?.paid_referrals === 'number' ? profile.paid_referrals : 0;
    // No reward granted yet, or the last one granted is still earned.
    if (next === null || next <= REFERRALS_PER_FREE_RENEWAL || paid >= next - REFERRALS_PER_FREE_RENEWAL) {
      return result;
    }
    if (!(typeof profile?.free_renewals === 'number' && profile.free_renewals > 0)) {
      return { ...result, overdrawnAt: next - REFERRALS_PER_FREE_RENEWAL };
    }
    try {
      await db.client.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: keys.customer(referrerUserId), sk: keys.profileSk },
          UpdateExpression: 'SET free_renewals = free_renewals - :one, next_reward_at = :previous',
          ConditionExpression: 'next_reward_at = :next AND paid_referrals < :previous AND free_renewals > :zero',
          ExpressionAttributeValues: {
            ':one': 1,
            ':zero': 0,
            ':next': next,
            ':previous': next - REFERRALS_PER_FREE_RENEWAL,
          },
        }),
      );
      result.revoked += 1;
    } catch (error) {
      // Someone else moved the threshold or spent the credit meanwhile: read again and decide anew.
      if (!isConditionFailure(error)) throw error;
    }
  }
  return result;
}

/** The referral a charge's payment made 'paid', as the charge recorded it (read raw: it never leaves the server). */
export async function paidReferralOfCharge(db: Db, ref: ChargeRef): Promise<PaidReferral | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
      ProjectionExpression: 'paid_referral',
      ConsistentRead: true,
    }),
  );
  return paidReferralOf(Item?.paid_referral);
}
