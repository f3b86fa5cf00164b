import { chargeStatusLabel, paymentClass } from '../../domain/charge-status.js';
import { SYSTEM_ACTOR } from '../../domain/history.js';
import {
  FILED_PROCESS_STATUSES,
  PAID_NOT_FILED_STATUSES,
  PROCESS_STATUS_LABELS,
  type ProcessStatus,
} from '../../domain/process-status.js';
import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import type { ChargeRef } from '../shared/data/charges.js';
import { getContract } from '../shared/data/contracts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { changeProcessStatus, getProcess } from '../shared/data/processes.js';
import { paidReferralOfCharge, reverseReferralPaid, revokeUndueRewards } from '../shared/data/referrals.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

export type ReversalDeps = { db: Db; clock: Clock };

/**
 * Undoes what a payment's confirmation did, for a charge that was paid and no longer is (a refund, a chargeback, a cash
 * payment undone) — docs/decisions.md, Refunds and chargebacks:
 * - the process leaves 'pago' for 'pagamento_estornado' (or back to 'pagamento_pendente' when the charge can be paid
 *   again), only if that charge's payment put it there; one already filed is not moved and the admins are told;
 * - the referral the payment made 'paid' is 'signed_up' again, and a free renewal it earned the referrer is taken back
 *   (or, already used, reported to the admins).
 * Every step is conditioned on the state it undoes, so it runs on every later call for the charge (a redelivery, a
 * reordered event, a verification) and finishes what a crash left half-done, never undoing anything twice.
 */
export async function reversePayment(deps: ReversalDeps, ref: ChargeRef, chargeStatus: string): Promise<void> {
  const now = deps.clock().toISOString();
  await reverseProcess(deps, ref, chargeStatus, now);
  const paidReferral = await paidReferralOfCharge(deps.db, ref);
  if (!paidReferral) return;
  if (await reverseReferralPaid(deps.db, ref, paidReferral, now)) {
    logger.warn('Referral payment reversed', { chargeId: ref.chargeId, referrer: paidReferral.referrer_user_id });
  }
  const rewards = await revokeUndueRewards(deps.db, paidReferral.referrer_user_id);
  if (rewards.revoked > 0) logger.warn('Free renewal taken back', { referrer: paidReferral.referrer_user_id });
  if (rewards.overdrawnAt !== null)
    await alertSpentReward(deps, paidReferral.referrer_user_id, rewards.overdrawnAt, now);
}

async function reverseProcess(deps: ReversalDeps, ref: ChargeRef, chargeStatus: string, now: string): Promise<void> {
  const process = await getProcess(deps.db, ref);
  // Only the payment that made it 'pago' takes it back (a contract's newer charge, or a process paid otherwise, stays).
  if (!process || (process.paid_charge_id != null && process.paid_charge_id !== ref.chargeId)) return;
  const label = chargeStatusLabel(chargeStatus);
  if (PAID_NOT_FILED_STATUSES.includes(process.status)) {
    const to: ProcessStatus = paymentClass(chargeStatus) === 'returned' ? 'pagamento_estornado' : 'pagamento_pendente';
    await changeProcessStatus(deps.db, {
      ref,
      to,
      byUser: SYSTEM_ACTOR,
      obs: `Pagamento ${label.toLowerCase()} no Asaas.`,
      now,
    });
    logger.warn('Payment reversed: process taken out of pago', { chargeId: ref.chargeId, to, chargeStatus });
    return;
  }
  if (!FILED_PROCESS_STATUSES.includes(process.status)) return;
  const contract = await getContract(deps.db, ref.userId, ref.contractId);
  const protocolo = contract?.protocolo ?? ref.contractId;
  await raiseAdminAlert(
    deps.db,
    {
      id: `estorno-apos-peticao#${ref.chargeId}#${paymentClass(chargeStatus)}`,
      userId: ref.userId,
      subject: `Pagamento estornado em processo já peticionado — ${protocolo}`,
      paragraphs: [
        `O pagamento do processo de protocolo ${protocolo} ficou "${label}" no Asaas, mas o processo já está em "${PROCESS_STATUS_LABELS[process.status]}" e não foi alterado.`,
        'Verifique com o cliente e no Asaas como seguir (contestar o estorno, cobrar de novo ou encerrar o processo).',
      ],
      actionPath: '/admin/processos',
      actionLabel: 'Abrir Processos',
    },
    now,
  );
}

/** The referrer is named by the link to their page in the back office, not by name or e-mail (pattern 49). */
async function alertSpentReward(deps: ReversalDeps, referrerUserId: string, threshold: number, now: string) {
  const referrer = await getProfileByUser(deps.db, referrerUserId);
  await raiseAdminAlert(
    deps.db,
    {
      id: `recompensa-usada#${referrerUserId}#${threshold}`,
      userId: referrerUserId,
      subject: 'Renovação gratuita já usada após estorno de indicação',
      paragraphs: [
        `Um pagamento de um indicado deste cliente foi estornado, e a renovação gratuita concedida ao atingir ${threshold} indicações pagas já foi usada.`,
        'A próxima renovação gratuita só será concedida quando as indicações pagas voltarem a esse número. Avalie se é preciso outra providência.',
      ],
      actionPath: referrer ? `/admin/clientes/${referrer.id}` : '/admin/indicacoes',
      actionLabel: referrer ? 'Abrir cliente' : 'Abrir Indicações',
    },
    now,
  );
}
