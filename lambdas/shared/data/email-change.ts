import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { profileSchema } from '../../../domain/schemas/entities.js';
import { clientSearchTokenItems } from './customers.js';
import { keys } from './keys.js';
import { isConditionFailure, queryAllItems, stripKeys, type Db, type TransactItem } from './table.js';

/**
 * Pattern 63 (c–e): a confirmed change of a customer's e-mail address, written everywhere the table keeps it
 * (docs/decisions.md, "Accounts: deleted users, invites, e-mail changes"). The copies: the profile's `email` and its
 * admin search tokens; `referrer_email` on the referrals the customer made (the admin's referral list reads it without
 * a join). Processes and charges keep no copy (their admin rows are completed from the profile, docs/data-model.md §
 * Admin lists). The referral in which the customer was the invitee is keyed by the address the invite went to and keeps
 * it: the referrer is not told their friend's new address, and pattern 35 finds it by the profile id when the payer's
 * address no longer matches.
 */

/** The old address's notice, recorded on the profile with the change and cleared once sent (an outbox of one). */
export type EmailChangeNotice = { old_email: string; new_email: string; at: string };

export type EmailChangeResult = {
  /** Whether this call changed the profile (false: no profile, or it already had the address). */
  changed: boolean;
  /** A notice still to send: this change's, or an earlier one whose e-mail failed. */
  notice: EmailChangeNotice | null;
};

const noticeOf = (value: unknown): EmailChangeNotice | null => {
  const notice = value as Partial<EmailChangeNotice> | null | undefined;
  return typeof notice?.old_email === 'string' && typeof notice.new_email === 'string' && typeof notice.at === 'string'
    ? { old_email: notice.old_email, new_email: notice.new_email, at: notice.at }
    : null;
};

/**
 * Pattern 63 (c): the profile's address and its search tokens in one transaction conditioned on the address read (two
 * refreshes racing change it once, and only the winner records the notice); then (d) the referral copies, each a
 * conditional update, whatever this call found — so a run that stopped between the two is finished by the next one.
 */
export async function changeCustomerEmail(
  db: Db,
  params: { userId: string; email: string; now: string },
): Promise<EmailChangeResult> {
  const email = params.email.trim().toLowerCase();
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(params.userId), sk: keys.profileSk },
      ConsistentRead: true,
    }),
  );
  if (!Item) return { changed: false, notice: null };
  const current = profileSchema.parse(stripKeys(Item));
  let changed = false;
  let notice = noticeOf(Item.email_change_notice);
  if (current.email !== email) {
    const next = { ...current, email };
    const before = clientSearchTokenItems(current);
    const after = clientSearchTokenItems(next);
    const beforeKeys = new Set(before.map((item) => item.sk));
    const afterKeys = new Set(after.map((item) => item.sk));
    const recorded: EmailChangeNotice = { old_email: current.email, new_email: email, at: params.now };
    const writes: TransactItem[] = [
      {
        Update: {
          TableName: db.tableName,
          Key: { pk: keys.customer(params.userId), sk: keys.profileSk },
          UpdateExpression: 'SET email = :new, email_change_notice = :notice, updated_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND email = :old',
          ExpressionAttributeValues: { ':new': email, ':old': current.email, ':notice': recorded, ':now': params.now },
        },
      },
      ...before
        .filter((item) => !afterKeys.has(item.sk))
        .map((item) => ({ Delete: { TableName: db.tableName, Key: { pk: item.pk, sk: item.sk } } })),
      ...after
        .filter((item) => !beforeKeys.has(item.sk))
        .map((item) => ({ Put: { TableName: db.tableName, Item: item } })),
    ];
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: writes }));
      changed = true;
      notice = recorded;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Another run changed it first (and owns the notice), or the profile went: the copies below still follow it.
      return { changed: false, notice: null };
    }
  }
  await syncReferrerCopies(db, params.userId, email);
  return { changed, notice };
}

/** Pattern 63 (d): `referrer_email` on each referral the customer made, where it differs (conditional updates). */
async function syncReferrerCopies(db: Db, userId: string, email: string): Promise<void> {
  const referrals = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(userId), ':prefix': keys.referralSk('') },
    ConsistentRead: true,
  });
  for (const referral of referrals) {
    if (referral.referrer_email === email) continue;
    try {
      await db.client.send(
        new UpdateCommand({
          TableName: db.tableName,
          Key: { pk: referral.pk as string, sk: referral.sk as string },
          UpdateExpression: 'SET referrer_email = :email',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':email': email },
        }),
      );
    } catch (error) {
      // A referral deleted meanwhile (its invite withdrawn) needs no copy.
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** Pattern 63 (e): the notice was sent; cleared only if it is still the one sent (a newer change keeps its own). */
export async function clearEmailChangeNotice(db: Db, userId: string, notice: EmailChangeNotice): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.profileSk },
        UpdateExpression: 'REMOVE email_change_notice',
        ConditionExpression: 'email_change_notice.#at = :at',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':at': notice.at },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
