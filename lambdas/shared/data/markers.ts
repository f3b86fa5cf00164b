import { keys } from './keys.js';
import { claimLease, claimMarker, completeLease, releaseLease, type Db, type LeaseClaim } from './table.js';

/**
 * The once-only markers and leases of named pieces of work (an e-mail, a settlement, an ad event): callers say which
 * piece of work, this module knows where its marker lives (docs/data-model.md). The leases behave as `claimLease`.
 */
export type NamedLease = {
  /** Takes the work for `leaseSeconds` (the caller's timeout), unless it is done or held by a live holder. */
  claim(options: { now: Date; leaseSeconds: number; owner?: string }): Promise<LeaseClaim>;
  /** The work was done: the marker no longer lapses. */
  complete(now: Date): Promise<void>;
  /** Gives the claim back at once (with `owner`, only while it is still that holder's). */
  release(owner?: string): Promise<void>;
};

function namedLease(db: Db, key: string, type: string, options: { ttlSeconds?: number } = {}): NamedLease {
  return {
    claim: ({ now, leaseSeconds, owner }) =>
      claimLease(db, key, {
        now,
        leaseSeconds,
        owner,
        attributes: {
          type,
          claimed_at: now.toISOString(),
          ...(options.ttlSeconds ? { expiresAt: Math.floor(now.getTime() / 1000) + options.ttlSeconds } : {}),
        },
      }),
    complete: (now) => completeLease(db, key, now),
    release: (owner) => releaseLease(db, key, owner),
  };
}

/** Long enough to outlive any retry of a stream batch (24 h of stream retention), short enough to clean itself. */
const STATUS_NOTICE_TTL_SECONDS = 7 * 24 * 3600;

/** The admins' e-mail of one admin alert (pattern 49), sent once by the stream consumer. */
export const adminAlertEmailLease = (db: Db, alertId: string) =>
  namedLease(db, keys.adminAlertSent(alertId), 'ADMIN_ALERT_SENT');

/** The status-update e-mail of one process status change (its history record), sent once by the stream consumer. */
export const statusNoticeLease = (db: Db, userId: string, historyId: string) =>
  namedLease(db, keys.statusNotice(userId, historyId), 'STATUS_NOTICE', { ttlSeconds: STATUS_NOTICE_TTL_SECONDS });

/** One attempt at a time settles a cancelled contract's charge at Asaas (a refund or a removal), whatever the clicks. */
export const chargeSettlementLease = (db: Db, chargeId: string) =>
  namedLease(db, keys.chargeSettlement(chargeId), 'SETTLEMENT');

/**
 * The purchase conversion of a paid charge was handed to the ad platforms: true for the first caller only. A lost ad
 * event is acceptable, a double one is not, so this is a plain once-marker, not a lease.
 */
export const claimPurchaseConversion = (db: Db, chargeId: string, options: { now: Date; ttlSeconds: number }) =>
  claimMarker(db, keys.purchaseConversion(chargeId), {
    type: 'PURCHASE_CONVERSION',
    sent_at: options.now.toISOString(),
    expiresAt: Math.floor(options.now.getTime() / 1000) + options.ttlSeconds,
  });
