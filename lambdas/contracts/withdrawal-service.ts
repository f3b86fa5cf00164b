import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import type { PaymentMethod } from '../../domain/payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '../../domain/pricing.js';
import type { Charge, Contract } from '../../domain/schemas/entities.js';
import { latestChargeOf } from '../../domain/process-journey.js';
import {
  chargesToSettle,
  combinedSettlement,
  refundedCharge,
  refundMethod,
  withdrawalEligibility,
  type SettlementOutcome,
} from '../../domain/withdrawal.js';
import {
  SettlementPendingError,
  settleCancelledCharge,
  type SettlementDeps,
} from '../payments/charge-settlement-service.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { cancelContract } from '../shared/data/cancellations.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { withdrawalEmail, withdrawalMoneyLine } from './withdrawal-emails.js';
import { refusal } from '../../domain/refusals.js';

export type WithdrawalDeps = SettlementDeps & { sendEmail: SendEmail; appUrl: string };

export type WithdrawalResult = { contract: Contract; charge: Charge | null; settlement: SettlementOutcome };

/** Reads and decisions lost to a concurrent click before the caller is answered with what the winner did. */
const ATTEMPTS = 3;

/** A contract's charges, newest first: a replaced PIX paid from a bank app is money of the contract all the same. */
const chargesOf = (charges: Charge[], contractId: string) =>
  charges
    .filter((charge) => charge.contrato_id === contractId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));

/**
 * 'Cancelar contrato' (direito de arrependimento; docs/decisions.md, Withdrawal and refunds). The server decides from
 * what it reads (`withdrawalEligibility`: 7 calendar days in São Paulo, not filed), then cancels in one conditional
 * transaction (contract, process 'encerrado' with 'Cancelado a pedido do cliente', a free renewal's credit, the audit
 * record), conditioned on the process status the decision saw (a filing in between refuses it); the winner of 20
 * clicks tells the customer and the admins. The money is settled afterwards at Asaas, every charge of the contract: each
 * paid one refunded, each open one removed. A cancelled contract whose money is not settled yet (Asaas was down) is
 * settled by the next call; otherwise a second cancellation is a 409. What Asaas refuses is `refused`: the customer is
 * told the team returns the money, and the admins are alerted.
 */
export async function withdrawContract(
  deps: WithdrawalDeps,
  caller: Caller,
  contractId: string,
): Promise<WithdrawalResult> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // Consistent: every charge written so far is settled, and the status decided on is the one the write is held to.
    const collection = await getCustomerCollection(deps.db, caller.userId, { consistent: true });
    const contract = collection.contracts.find((c) => c.id === contractId);
    if (!contract || !collection.profile)
      throw new NotFoundError(refusal('contract_not_found', WITHDRAWAL_MESSAGES.contractNotFound));
    const process = collection.processes.find((p) => p.contrato_id === contractId) ?? null;
    const charges = chargesOf(collection.charges, contractId);
    const charge = charges[0] ?? null;
    const ref = { userId: caller.userId, contractId };
    if (contract.cancelado_em) {
      const open = chargesToSettle(charges);
      if (open.length > 0) {
        const settlement = combinedSettlement(await settleAll(deps, ref, contract, open));
        return answer(deps, caller.userId, contractId, settlement);
      }
      throw new ConflictError(WITHDRAWAL_MESSAGES.alreadyCancelled);
    }
    const now = deps.clock();
    const eligibility = withdrawalEligibility(contract, process, now);
    if (!eligibility.allowed) throw new ConflictError(eligibility.message);
    if (!process) throw new NotFoundError(refusal('contract_not_found', WITHDRAWAL_MESSAGES.contractNotFound));
    try {
      await cancelContract(deps.db, {
        ref,
        contract,
        process,
        byUser: caller.userId,
        obs: WITHDRAWAL_MESSAGES.historyNote,
        returnFreeRenewal: contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD,
        audit: {
          at: now.toISOString(),
          actor: { userId: caller.userId, email: caller.email },
          action: 'contract-withdrawal',
          targetUserId: caller.userId,
          target: { type: 'contract', id: contractId },
          before: { status: process.status, charge_status: charge?.status ?? null },
          after: { status: 'encerrado' },
        },
        now: now.toISOString(),
      });
    } catch (error) {
      if (error instanceof ConflictError && attempt < ATTEMPTS) continue;
      throw error;
    }
    let settlement: SettlementOutcome | 'pending' = 'nothing';
    let pending: unknown = null;
    try {
      settlement = combinedSettlement(await settleAll(deps, ref, contract, charges));
    } catch (error) {
      if (!(error instanceof SettlementPendingError)) throw error;
      settlement = 'pending';
      pending = error;
    }
    // A card or a boleto costs more than the contract's PIX price: the e-mail tells the value of the sale refunded.
    const refunded = refundedCharge(contractId, charges);
    await tellEveryone(deps, caller.userId, collection.profile, contract, {
      money: settlement,
      method: refundMethod(contractId, charges),
      valor: refunded?.valor ?? contract.valor,
    });
    if (pending) throw pending;
    return answer(deps, caller.userId, contractId, settlement as SettlementOutcome);
  }
  throw new ConflictError(WITHDRAWAL_MESSAGES.cancelFailed);
}

const refundDescription = (contract: Contract) =>
  `Cancelamento do contrato ${contract.protocolo} a pedido do cliente (direito de arrependimento)`;

/**
 * Settles each charge of the contract in turn (oldest first, so the money of a replaced PIX paid late is not left
 * behind when the newest one is only removed). Asaas unreachable for one → SettlementPendingError after the others
 * were tried: the next call settles what is left.
 */
async function settleAll(
  deps: WithdrawalDeps,
  ref: { userId: string; contractId: string },
  contract: Contract,
  charges: Charge[],
): Promise<SettlementOutcome[]> {
  const outcomes: SettlementOutcome[] = [];
  let pending: unknown = null;
  for (const charge of [...charges].reverse()) {
    if (charge.manual_refund) continue;
    try {
      const settlement = await settleCancelledCharge(
        deps,
        { ...ref, chargeId: charge.id },
        refundDescription(contract),
      );
      outcomes.push(settlement.outcome);
    } catch (error) {
      if (!(error instanceof SettlementPendingError)) throw error;
      pending = error;
    }
  }
  if (pending) throw pending;
  return outcomes;
}

async function answer(
  deps: WithdrawalDeps,
  userId: string,
  contractId: string,
  settlement: SettlementOutcome,
): Promise<WithdrawalResult> {
  const collection = await getCustomerCollection(deps.db, userId, { consistent: true });
  return {
    contract: collection.contracts.find((c) => c.id === contractId)!,
    charge: latestChargeOf(collection.charges, contractId),
    settlement,
  };
}

/**
 * The customer's e-mail (best effort: the screen says the same, and failing the request now would make the customer
 * think nothing was cancelled) and the admins' alert (stored, e-mailed once by the stream).
 */
async function tellEveryone(
  deps: WithdrawalDeps,
  userId: string,
  profile: { nome_completo: string; email: string },
  contract: Contract,
  { money, method, valor }: { money: SettlementOutcome | 'pending'; method: PaymentMethod; valor: number },
): Promise<void> {
  const now = deps.clock().toISOString();
  await raiseAdminAlert(
    deps.db,
    {
      id: `desistencia#${contract.id}`,
      userId,
      subject: `Contrato cancelado pelo cliente — ${contract.protocolo}`,
      paragraphs: [
        `O cliente do contrato de protocolo ${contract.protocolo} cancelou o contrato dentro do prazo de arrependimento; o processo foi encerrado.`,
        `Pagamento: ${withdrawalMoneyLine(money, method)}`,
        money === 'refused'
          ? 'O Asaas recusou o estorno: veja o alerta "Estorno recusado pelo Asaas" e resolva em Financeiro.'
          : 'Acompanhe o estorno em Financeiro.',
      ],
      actionPath: '/admin/financeiro',
      actionLabel: 'Abrir Financeiro',
    },
    now,
  );
  try {
    // Once per cancelled contract, whatever the clicks that reach here (pattern 66).
    await sendEmailOnce(deps.db, emailOnceKeys.withdrawal(userId, contract.id), deps.clock(), () =>
      deps.sendEmail(profile.email, {
        ...withdrawalEmail(deps.appUrl, {
          userName: profile.nome_completo,
          protocolo: contract.protocolo,
          valor,
          money,
          method,
          cancelledAt: now,
        }),
        caseFileOf: userId,
      }),
    );
  } catch (error) {
    logger.error('Withdrawal e-mail not sent', { error: error as Error, contractId: contract.id });
  }
}
