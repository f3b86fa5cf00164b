import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { recordOrphanPayment, type OrphanPayment, type OrphanPaymentReport } from '../shared/data/orphan-payments.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { orphanPaymentAlert } from './orphan-payment-alerts.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type OrphanPaymentDeps = { db: Db; clock: Clock };

/**
 * Money paid for a charge we do not have (a deleted client's PIX, a charge made by hand in Asaas's panel), as the
 * webhook or the nightly reconciliation finds it: stored (pattern 47), and the admins told once by an admin alert
 * (pattern 49), so a person finds out whose it is and refunds it. A failed write throws (the caller's retry writes it;
 * the item is updated, not duplicated). Answers the stored payment and whether this call raised the alert.
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
  // The alert's id is the payment's: a redelivery or the next night's reconciliation raises nothing new, and the stream
  // consumer e-mails it once. A failed raise throws, so the caller's retry raises it.
  const raised = await raiseAdminAlert(deps.db, orphanPaymentAlert(orphan), now.toISOString());
  return { orphan, alerted: raised === 'raised' };
}
