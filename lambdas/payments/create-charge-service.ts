import {
  initialChargeStatus,
  isChargeExpired,
  isChargePaid,
  paymentClass,
  providerChargeStatus,
} from '../../domain/charge-status.js';
import { saoPauloDateDigits } from '../../domain/sao-paulo-calendar.js';
import { pixValidUntil } from '../../domain/finance.js';
import { WITHDRAWAL_MESSAGES, PAYMENT_MESSAGES } from '../../domain/messages.js';
import type { ChargeChoice } from '../../domain/api/payments.js';
import {
  BOLETO_DUE_DAYS,
  CHECKOUT_MESSAGES,
  chargeMethod,
  methodPrice,
  type CheckoutMethod,
} from '../../domain/payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '../../domain/pricing.js';
import { PIX_DUE_DAYS } from '../../domain/deadlines.js';
import type { Charge } from '../../domain/schemas/entities.js';
import {
  AsaasError,
  removeCharge,
  type AsaasBillingType,
  type AsaasClient,
  type AsaasPayment,
} from '../providers/asaas.js';
import type { Workflow } from '../providers/workflow.js';
import { ensureAsaasCustomer } from './asaas-customer-service.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getCharge, withoutTaskToken } from '../shared/data/charges.js';
import {
  claimChargeCreation,
  claimReplacementCharge,
  completeChargeCreation,
  releaseChargeClaim,
} from '../shared/data/charge-creation.js';
import { getContract } from '../shared/data/contracts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { changeProcessStatus, getProcess } from '../shared/data/processes.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, DomainError, NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type CreateChargeDeps = {
  db: Db;
  clock: Clock;
  asaas: Pick<
    AsaasClient,
    | 'ensureCustomer'
    | 'findPaymentByReference'
    | 'createPixCharge'
    | 'getPixQrCode'
    | 'deletePayment'
    | 'createCharge'
    | 'getBoletoLine'
    | 'deleteInstallment'
  >;
  workflow: Pick<Workflow, 'start' | 'fail'>;
  /** The SPA's address: Asaas's card page sends the customer back to its payment screen. */
  appUrl?: string;
};

const BILLING_TYPES: Record<CheckoutMethod, AsaasBillingType> = { pix: 'PIX', cartao: 'CREDIT_CARD', boleto: 'BOLETO' };

/** The screen's /app/pagamento: where a card paid on Asaas's page comes back to. */
const PAYMENT_SCREEN_PATH = '/app/pagamento';

/** Asaas down or refusing: the spec's message, a 502, and nothing written that a retry would not complete. */
export class PaymentProviderError extends DomainError {
  constructor() {
    super('provider_unavailable', 502, PAYMENT_MESSAGES.generateFailed);
  }
}

/** yyyy-MM-dd, `days` São Paulo calendar days after `now`. */
function dueDate(now: Date, days: number): string {
  const digits = saoPauloDateDigits(new Date(now.getTime() + days * 24 * 3600 * 1000));
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

/**
 * 'Gerar PIX' (spec 02 §2 Payment; pattern 41): the one charge of a signed contract of the caller. Twenty parallel
 * clicks make one Asaas payment: the creation is claimed on the contract first (one holder at a time, one charge id
 * forever, which is the externalReference Asaas keeps), the payment is looked up by that reference before it is
 * created, and the charge appears whole in one transaction once Asaas answered. Then the workflow starts, named after
 * the charge, so a retry never starts a second one.
 */
export async function createChargeForContract(
  deps: CreateChargeDeps,
  caller: Caller,
  contractId: string,
  choice: ChargeChoice = { forma: 'pix' },
): Promise<{ charge: Charge | null; pending: boolean }> {
  const { db } = deps;
  const [contract, profile] = await Promise.all([
    getContract(db, caller.userId, contractId),
    getProfileByUser(db, caller.userId),
  ]);
  if (!contract || !profile || contract.assinado_em === null)
    throw new NotFoundError(PAYMENT_MESSAGES.contractNotSigned);
  if (contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD) throw new ConflictError(PAYMENT_MESSAGES.freeRenewal);
  if (contract.cancelado_em) throw new ConflictError(WITHDRAWAL_MESSAGES.cancelledContract);

  const now = deps.clock();
  let claim = await claimChargeCreation(db, caller.userId, contractId, now);
  if (!claim.claimed) {
    const existing = claim.chargeId
      ? await getCharge(db, { userId: caller.userId, contractId, chargeId: claim.chargeId })
      : null;
    if (claim.ready && existing && isChargeExpired(existing.status)) {
      // Its PIX can no longer be paid: a new charge replaces it, and the workflow waiting for the old one stops.
      claim = await claimReplacementCharge(db, caller.userId, contractId, existing.id, now);
      if (claim.claimed) await retireExpiredCharge(deps, existing);
    } else if (
      claim.ready &&
      existing &&
      paymentClass(existing.status) === 'unpaid' &&
      isOtherChoice(existing, choice)
    ) {
      // Another way to pay: the open charge is removed at Asaas first, so it can no longer be paid once the new one
      // exists (a removal Asaas refuses — paid meanwhile, a card under risk analysis — keeps it: 409); then one claim
      // conditioned on the old id replaces it, however many changes race.
      await removeOpenCharge(deps, existing);
      claim = await claimReplacementCharge(db, caller.userId, contractId, existing.id, now);
      if (claim.claimed) await retireExpiredCharge(deps, { ...existing, status: 'DELETED' });
    }
    if (!claim.claimed) {
      // A start that failed earlier is made good here; a paid charge's workflow has done its work.
      if (existing && !isChargePaid(existing.status) && !isChargeExpired(existing.status)) {
        await startWorkflow(deps, caller.userId, contractId, existing.id);
      }
      return { charge: existing ? withoutTaskToken(existing) : null, pending: !claim.ready };
    }
  }

  const chargeId = claim.chargeId;
  let charge: Charge & { asaas_id: string };
  try {
    // One Asaas customer per profile, whatever the parallel charges of its other contracts (pattern 59).
    const customerId = await ensureAsaasCustomer(deps, profile);
    const forma = choice.forma;
    const parcelas = forma === 'cartao' ? (choice.parcelas ?? 1) : null;
    const total = methodPrice(contract.valor, forma);
    const payment =
      (await deps.asaas.findPaymentByReference(chargeId)) ??
      (await deps.asaas.createCharge({
        billingType: BILLING_TYPES[forma],
        customer: customerId,
        value: total,
        ...(parcelas ? { installmentCount: parcelas } : {}),
        dueDate: dueDate(now, forma === 'boleto' ? BOLETO_DUE_DAYS : PIX_DUE_DAYS),
        description: `Baixa temporária de apontamentos — protocolo ${contract.protocolo}`,
        externalReference: chargeId,
        ...(forma === 'cartao' && deps.appUrl ? { successUrl: `${deps.appUrl}${PAYMENT_SCREEN_PATH}` } : {}),
      }));
    charge = {
      id: chargeId,
      contrato_id: contractId,
      status: initialChargeStatus(payment),
      qr_code: null,
      pix_payload: null,
      link: payment.invoiceUrl ?? null,
      asaas_id: payment.id,
      fb_event_id: null,
      // The amount Asaas charges, the whole plan for a card (the finance figures count it).
      valor: forma === 'cartao' ? total : payment.value,
      forma,
      vencimento: payment.dueDate ?? null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...(await methodDetails(deps, payment, parcelas)),
    };
    // Inside the try: a failed write (a conflict on the shared counter) also gives the claim back; the next click
    // finds the payment by its reference and writes the charge then.
    await completeChargeCreation(db, { userId: caller.userId, charge });
    countMetric(METRIC.chargesCreated);
  } catch (error) {
    logger.error('Charge not created', { error: error as Error, contractId, chargeId });
    await releaseChargeClaim(db, caller.userId, contractId, now);
    throw new PaymentProviderError();
  }
  await awaitingPayment(db, caller.userId, contractId, now);
  await startWorkflow(deps, caller.userId, contractId, chargeId);
  return { charge, pending: false };
}

function isOtherChoice(existing: Charge, choice: ChargeChoice): boolean {
  if (chargeMethod(existing) !== choice.forma) return true;
  return choice.forma === 'cartao' && (existing.parcelas ?? 1) !== (choice.parcelas ?? 1);
}

/** What each method's screen shows: the PIX's code and QR, the card plan's id and count, the boleto's line and PDF. */
async function methodDetails(
  deps: CreateChargeDeps,
  payment: AsaasPayment,
  parcelas: number | null,
): Promise<
  Partial<
    Pick<
      Charge,
      | 'parcelas'
      | 'asaas_parcelamento_id'
      | 'parcelas_status'
      | 'boleto_linha'
      | 'boleto_pdf'
      | 'qr_code'
      | 'pix_payload'
      | 'pix_valido_ate'
    >
  >
> {
  if (parcelas !== null) {
    // Instalments after the first start where the first does; each then follows its own events.
    const later = Array.from({ length: parcelas - 1 }, (_, index) => [
      String(index + 2),
      providerChargeStatus(payment),
    ]);
    return {
      parcelas,
      asaas_parcelamento_id: payment.installment ?? null,
      ...(later.length ? { parcelas_status: Object.fromEntries(later) as Record<string, string> } : {}),
    };
  }
  if (payment.billingType === 'BOLETO') {
    const line = await deps.asaas.getBoletoLine(payment.id);
    return { boleto_linha: line.identificationField, boleto_pdf: payment.bankSlipUrl ?? null };
  }
  const qr = await deps.asaas.getPixQrCode(payment.id);
  // Until when its PIX can be paid ('Válido até').
  return {
    qr_code: qr.encodedImage,
    pix_payload: qr.payload,
    pix_valido_ate: pixValidUntil(qr.expirationDate, payment.dueDate),
  };
}

/**
 * An open charge the customer leaves for another method, removed at Asaas (the whole plan for a card): one already
 * removed is fine; one Asaas will not remove (paid meanwhile, under risk analysis) stays the contract's, and the
 * customer is told. Asaas unreachable → the spec's message, nothing changed.
 */
async function removeOpenCharge(deps: CreateChargeDeps, charge: Charge): Promise<void> {
  if (charge.status !== 'PENDING' || !charge.asaas_id) throw new ConflictError(CHECKOUT_MESSAGES.cannotReplace);
  try {
    await removeCharge(deps.asaas, { payment: charge.asaas_id, installment: charge.asaas_parcelamento_id });
  } catch (error) {
    if (error instanceof AsaasError && error.kind === 'not_found') return;
    if (error instanceof AsaasError && error.kind === 'rejected')
      throw new ConflictError(CHECKOUT_MESSAGES.cannotReplace);
    logger.error('Open charge not removed at Asaas', { error: error as Error, chargeId: charge.id });
    throw new PaymentProviderError();
  }
}

/** Signing already moves the process to 'pagamento_pendente'; a process still at 'contrato_assinado' gets there now. */
async function awaitingPayment(db: Db, userId: string, contractId: string, now: Date): Promise<void> {
  const process = await getProcess(db, { userId, contractId });
  if (process?.status !== 'contrato_assinado') return;
  try {
    await changeProcessStatus(db, {
      ref: { userId, contractId },
      to: 'pagamento_pendente',
      byUser: userId,
      now: now.toISOString(),
    });
  } catch (error) {
    // Someone else moved it meanwhile: theirs is the newer fact.
    if (!(error instanceof ConflictError)) throw error;
  }
}

/**
 * The charge a replacement took over: its workflow stops waiting, and Asaas removes its payment so the old PIX cannot
 * be paid any more (Asaas then sends PAYMENT_DELETED, which marks it DELETED). Best effort for Asaas: a removal that
 * fails is logged; the charge is already no longer the contract's.
 */
async function retireExpiredCharge(
  deps: CreateChargeDeps,
  expired: Charge & { taskToken: string | null },
): Promise<void> {
  if (expired.taskToken) {
    await deps.workflow.fail(expired.taskToken, 'PaymentReplaced', 'A cobrança vencida foi substituída por outra.');
  }
  if (!expired.asaas_id || expired.status === 'DELETED') return;
  try {
    await removeCharge(deps.asaas, { payment: expired.asaas_id, installment: expired.asaas_parcelamento_id });
  } catch (error) {
    logger.warn('Replaced payment not removed at Asaas', { error: error as Error, chargeId: expired.id });
  }
}

/** Named after the charge: the same start twice is the same execution (Workflow.start). */
async function startWorkflow(deps: CreateChargeDeps, userId: string, contractId: string, chargeId: string) {
  await deps.workflow.start(chargeId, { userId, contractId, chargeId });
}
