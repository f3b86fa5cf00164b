import type { AdminDirectory } from '../providers/admins.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { keys } from '../shared/data/keys.js';
import { recordOrphanPayment, type OrphanPayment, type OrphanPaymentReport } from '../shared/data/orphan-payments.js';
import { claimLease, completeLease, releaseLease, type Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { orphanPaymentEmail } from './orphan-payment-emails.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './asaas-timeouts.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type OrphanPaymentDeps = {
  db: Db;
  clock: Clock;
  sendEmail: SendEmail;
  admins: AdminDirectory;
  appUrl: string;
};

/**
 * How long one attempt may hold an orphan's alert: the webhook's timeout, so a live delivery's e-mails are never sent
 * twice by a redelivery that overtakes it (the reconciliation sends them within seconds of its claim, too).
 */
const ORPHAN_ALERT_LEASE_SECONDS = ASAAS_CALLER_TIMEOUT_SECONDS;

/**
 * Money paid for a charge we do not have (a deleted client's PIX, a charge made by hand in Asaas's panel), as the
 * webhook or the nightly reconciliation finds it: stored (pattern 47), and the admins told once, so a person finds out
 * whose it is and refunds it. A failed alert throws (the caller's retry sends it; the item is updated, not duplicated).
 * Answers the stored payment and whether this call is the one that told the admins.
 */
export async function reportOrphanPayment(
  deps: OrphanPaymentDeps,
  report: OrphanPaymentReport,
): Promise<{ orphan: OrphanPayment; alerted: boolean }> {
  const now = deps.clock();
  const orphan = await recordOrphanPayment(deps.db, report, now.toISOString());
  // Loud the first time only: a reconciliation meets a known orphan again every night until it leaves the window.
  const firstSighting = orphan.firstSeenAt === now.toISOString();
  if (firstSighting) countMetric(METRIC.orphanPayments);
  logger[firstSighting ? 'error' : 'info']('Paid payment for a charge we do not have: orphan payment recorded', {
    asaasId: report.asaasId,
    seenBy: report.lastEvent,
  });
  const marker = keys.orphanPaymentAlert(report.asaasId);
  const claim = await claimLease(deps.db, marker, {
    now,
    leaseSeconds: ORPHAN_ALERT_LEASE_SECONDS,
    attributes: { type: 'ORPHAN_ALERT', claimed_at: now.toISOString() },
  });
  if (claim === 'done') return { orphan, alerted: false };
  if (claim === 'busy') throw new Error(`Orphan payment alert for ${report.asaasId} is being sent by another attempt`);
  const recipients = await deps.admins.adminEmails();
  const email = orphanPaymentEmail(deps.appUrl, orphan);
  const results = await Promise.allSettled(recipients.map((to) => deps.sendEmail(to, email)));
  // As the filing alert: every send failed → retried by the caller. No admin at all is no reason to fail (after 15
  // failed deliveries Asaas pauses the whole webhook queue): the payment is stored for the back office.
  if (recipients.length > 0 && results.every((result) => result.status === 'rejected')) {
    await releaseLease(deps.db, marker);
    throw new Error(`Orphan payment alert for ${report.asaasId} reached no admin`);
  }
  if (recipients.length === 0)
    logger.error('Orphan payment recorded but no admin to tell', { asaasId: report.asaasId });
  await completeLease(deps.db, marker, now);
  return { orphan, alerted: true };
}
