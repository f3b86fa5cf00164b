import { filingForecast } from '../../domain/filing.js';
import { SYSTEM_ACTOR } from '../../domain/history.js';
import { PROCESS_MESSAGES } from '../../domain/messages.js';
import { isAwaitingPayment } from '../../domain/process-status.js';
import { isChargePaid } from '../../domain/charge-status.js';
import { sendPurchaseConversion } from '../conversions/purchase.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { getCharge } from '../shared/data/charges.js';
import { chargeStillPaid } from '../shared/data/charge-moves.js';
import { changeProcessStatus, getProcess } from '../shared/data/processes.js';
import { markReferralPaid } from '../shared/data/referrals.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasInvoicesFromEnvironment, conversionsFromEnvironment } from '../shared/environment.js';
import { companyIdentity } from '../shared/company.js';
import { scheduleChargeInvoice } from '../payments/invoice-service.js';
import { NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { taskHandler } from '../shared/task.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();
const clock = systemClock;
const conversions = { db, clock, providers: conversionsFromEnvironment(), appUrl: appUrlFromEnvironment() };
const invoices = asaasInvoicesFromEnvironment();

/**
 * ConfirmPayment: the process becomes 'pago' with its filing forecast (the customer hears of it from the table's stream:
 * live screens and the 'status-update' e-mail), and the payer's referral becomes 'paid', granting the referrer's
 * free renewal at every 5th, and the purchase conversion goes to the ad platforms once. Idempotent: a retried task finds the status set and the referral counted.
 */
export const handler = taskHandler('ConfirmPayment', workflowInputSchema, async ({ userId, contractId, chargeId }) => {
  const now = clock();
  const chargeRef = { userId, contractId, chargeId };
  const [current, charge] = await Promise.all([getProcess(db, { userId, contractId }), getCharge(db, chargeRef)]);
  if (!current) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
  // Only a process waiting for its payment becomes 'pago'; one already paid (a retried task) keeps its forecast, and
  // one an admin moved on (filed, granted, closed) is never moved back. Nor does a payment already refunded (a refund
  // that overtook this step): the move is conditioned on the charge being paid still.
  const process =
    isAwaitingPayment(current.status) && charge && isChargePaid(charge.status)
      ? await changeProcessStatus(db, {
          ref: { userId, contractId },
          to: 'pago',
          byUser: SYSTEM_ACTOR,
          previsao: filingForecast(now).toISOString(),
          paidChargeId: chargeId,
          now: now.toISOString(),
          extraItems: () => [chargeStillPaid(db, chargeRef)],
        })
      : current;
  const payer = await getProfileByUser(db, userId);
  // Conditioned on the charge being paid still: a refund that overtook this step leaves the referral alone.
  const referral = payer
    ? await markReferralPaid(db, payer, now.toISOString(), { userId, contractId, chargeId })
    : null;
  if (referral?.rewardsGranted) logger.info('Free renewal granted', { referrer: referral.referrerUserId });
  // The purchase for the ad platforms, once per charge; it never fails the step.
  await sendPurchaseConversion(conversions, { chargeId, email: payer?.email ?? null });
  // The payment's nota fiscal, once per charge, whatever the method; Asaas's problems never fail the step.
  await scheduleChargeInvoice({ db, clock, invoices, fiscal: () => companyIdentity().fiscal }, chargeRef);
  return {
    status: process.status,
    previsao: process.previsao,
    referralPaid: referral?.markedPaid ?? false,
    rewardsGranted: referral?.rewardsGranted ?? 0,
  };
});
