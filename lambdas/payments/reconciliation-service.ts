import { isChargePaid, providerChargeStatus } from '../../domain/charge-status.js';
import {
  CHARGE_STATUSES_READ_ONE_BY_ONE,
  compareChargeWithPayment,
  divergenceFacts,
  paymentWithoutCharge,
  reconciliationWindow,
  type DivergenceFacts,
  type DivergenceFinding,
  type ReconciliationStarter,
  type ReconciliationWindow,
} from '../../domain/reconciliation.js';
import { settlementAction } from '../../domain/withdrawal.js';
import {
  ASAAS_PAGE_LIMIT,
  AsaasError,
  removeCharge,
  type AsaasClient,
  type AsaasPayment,
  type AsaasPaymentFilters,
} from '../providers/asaas.js';
import { findChargeByProviderId, type ChargeRef } from '../shared/data/charges.js';
import {
  advanceReconciliationCursor,
  chargesByProviderIds,
  chargesCreatedSince,
  chargesInStatus,
  claimReconciliationLock,
  getReconciliationCursor,
  listDivergences,
  putReconciliationRun,
  recordDivergence,
  releaseReconciliationLock,
  resolveDivergence,
  type ListedCharge,
  type ReconcilableCharge,
  type ReconciliationCounts,
  type ReconciliationRun,
} from '../shared/data/reconciliation.js';
import { getOrphanPayment, recordOrphanPayment } from '../shared/data/orphan-payments.js';
import { logger } from '../shared/logger.js';
import { applyProviderStatus, freshReadOf, type ChargeStatusDeps } from './charge-status-service.js';
import { settleCancelledCharge } from './charge-settlement-service.js';
import { raiseDuplicatePaymentAlert, settleHeldMoney } from './held-money-service.js';
import { getContract } from '../shared/data/contracts.js';
import type { ChargeMove } from '../shared/data/charge-moves.js';
import { latestChargeOfContract } from '../shared/data/charges.js';
import { reportOrphanPayment, type OrphanPaymentDeps } from './orphan-payment-service.js';
import { reconciliationReportAlert } from './reconciliation-alerts.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type ReconciliationDeps = ChargeStatusDeps &
  OrphanPaymentDeps & {
    asaas: Pick<
      AsaasClient,
      'listPayments' | 'getPayment' | 'refundPayment' | 'deletePayment' | 'refundInstallment' | 'deleteInstallment'
    >;
  };

/**
 * Asaas requests one run may make. Asaas allows 25,000 requests per account every 12 hours, shared with the product's
 * own calls ('Gerar PIX', verifications); 2,000 is 8 % of that, and reads 150,000 payments a night in pages of 100.
 */
export const DEFAULT_MAX_REQUESTS = 2_000;

export type ReconciliationOptions = {
  /** The run's id: its scheduled time (a retry of the same run keeps it), or the time a person started it. */
  runId: string;
  /** Stop reading at this instant (the function's timeout, less the time to write the report). */
  deadline?: Date;
  /** Asaas requests this run may make (DEFAULT_MAX_REQUESTS). */
  maxRequests?: number;
  /** How long the run's lock lasts if it dies (the function's timeout). */
  lockSeconds: number;
  /** Who started it: kept on the run's record, shown on 'Divergências'. */
  startedBy?: ReconciliationStarter;
  /** Done once the lock is held, before anything is read (an admin's audit record: a run that truly started). */
  onStarted?: (run: { id: string; startedAt: Date }) => Promise<void>;
};

export type ReconciliationOutcome = { skipped: true } | { skipped: false; run: ReconciliationRun };

/** The event a reconciliation names where a webhook names Asaas's (an orphan payment's `last_event`). */
export const RECONCILIATION_EVENT = 'RECONCILIATION';

/** A run stops reading (Asaas's budget spent, or its time up) and reports what it did. */
class RunStopped extends Error {
  constructor(readonly note: string) {
    super(note);
    this.name = 'RunStopped';
  }
}

/**
 * The nightly reconciliation with Asaas (docs/decisions.md, Nightly reconciliation). Lists, one page of 100 after the
 * other, the payments Asaas created in the window and those paid since the last run, compares each with our charge of
 * it, and repairs what a missed delivery left behind through the webhook's own path (`applyProviderStatus`, a fresh
 * read); a paid payment with no charge of ours is an orphan payment. Then reads one by one our charges that neither
 * list brought (created in the window, or in a status still under way). What it cannot repair is a divergence record,
 * one per payment and kind, on /admin/financeiro; the admins get one report per run that has news. One run at a time;
 * a run that read everything moves the cursor the next one starts from.
 */
export async function reconcilePayments(
  deps: ReconciliationDeps,
  options: ReconciliationOptions,
): Promise<ReconciliationOutcome> {
  const startedAt = deps.clock();
  if (!(await claimReconciliationLock(deps.db, options.runId, startedAt, options.lockSeconds))) {
    logger.warn('Another reconciliation holds the lock: this run is skipped', { runId: options.runId });
    return { skipped: true };
  }
  try {
    await options.onStarted?.({ id: options.runId, startedAt });
    return { skipped: false, run: await runReconciliation(deps, options, startedAt) };
  } finally {
    await releaseReconciliationLock(deps.db, options.runId);
  }
}

const ZERO: ReconciliationCounts = {
  pages: 0,
  requests: 0,
  payments_read: 0,
  charges_checked: 0,
  repaired: 0,
  confirmations_resumed: 0,
  orphans: 0,
  orphans_new: 0,
  divergences_new: 0,
  divergences_open: 0,
  divergences_resolved: 0,
  errors: 0,
};

async function runReconciliation(
  deps: ReconciliationDeps,
  options: ReconciliationOptions,
  startedAt: Date,
): Promise<ReconciliationRun> {
  const { db } = deps;
  const window = reconciliationWindow(startedAt, await getReconciliationCursor(db));
  const run: ReconciliationRun = {
    id: options.runId,
    status: 'running',
    started_at: startedAt.toISOString(),
    finished_at: null,
    window: { createdFrom: window.createdFrom, paidFrom: window.paidFrom, until: window.until },
    note: null,
    started_by: options.startedBy ?? null,
    ...ZERO,
  };
  await putReconciliationRun(db, run);
  logger.info('Reconciliation started', { runId: run.id, window: run.window });

  const reader = new RunReader(deps, options, run, window);
  let failure: unknown = null;
  try {
    await reader.readAll();
  } catch (error) {
    if (error instanceof RunStopped) run.note = error.note;
    else failure = error;
  }
  if (failure === null) {
    try {
      await reader.resolveDivergences();
    } catch (error) {
      failure = error;
    }
  }
  if (failure !== null) {
    run.status = 'failed';
    run.note = failureNote(failure);
    logger.error('Reconciliation failed', { runId: run.id, error: failure as Error });
  } else if (run.note !== null || run.errors > 0) {
    run.status = 'incomplete';
    run.note ??= `${run.errors.toLocaleString('pt-BR')} pagamento(s) não puderam ser conciliados; a próxima conciliação tenta de novo.`;
  } else {
    run.status = 'completed';
  }
  run.finished_at = deps.clock().toISOString();
  // Only a run that read and settled everything moves the cursor: else the next one reads the same payments again.
  if (run.status === 'completed') await advanceReconciliationCursor(db, run.id, run.started_at);
  await putReconciliationRun(db, run);
  logger.info('Reconciliation finished', { ...run });
  await sendReport(deps, run, reader.newDivergences);
  if (failure !== null) throw failure;
  return run;
}

/** What a person reads about a run that could not go on (never a provider's raw message). */
function failureNote(error: unknown): string {
  if (error instanceof AsaasError && error.kind === 'unauthorized') {
    return 'O Asaas recusou a chave de API: confira a chave configurada.';
  }
  if (error instanceof AsaasError && error.kind === 'unavailable') {
    return 'O Asaas não respondeu (fora do ar ou limite de requisições atingido); a próxima conciliação tenta de novo.';
  }
  return 'Erro inesperado durante a conciliação; veja os registros da função.';
}

/** One run's reading: what it has seen, checked and found so far. */
class RunReader {
  /** Asaas payments already compared (a list's page shifts when payments are created during the run). */
  private readonly seen = new Set<string>();
  /** Payments whose every divergence this run would have recorded again: the others of theirs are over. */
  private readonly checked = new Set<string>();
  readonly newDivergences: (DivergenceFacts & { asaas_id: string })[] = [];

  constructor(
    private readonly deps: ReconciliationDeps,
    private readonly options: ReconciliationOptions,
    private readonly run: ReconciliationRun,
    private readonly window: ReconciliationWindow,
  ) {}

  async readAll(): Promise<void> {
    await this.readList({ createdFrom: this.window.createdFrom, createdTo: this.window.until });
    // Paid since the last run but created before the window: the first list has every payment created in it.
    await this.readList({
      paidFrom: this.window.paidFrom,
      paidTo: this.window.until,
      createdTo: this.window.paidCreatedUntil,
    });
    await this.readOurChargesNotListed();
  }

  /** One Asaas call, within the run's budget and time. Sequential by construction: the run awaits each one. */
  private async asaas<T>(call: () => Promise<T>): Promise<T> {
    const max = this.options.maxRequests ?? DEFAULT_MAX_REQUESTS;
    if (this.run.requests >= max) {
      throw new RunStopped(
        `O limite de ${max.toLocaleString('pt-BR')} requisições ao Asaas por conciliação foi atingido antes do fim; a próxima conciliação lê tudo de novo.`,
      );
    }
    if (this.options.deadline && this.deps.clock() >= this.options.deadline) {
      throw new RunStopped('O tempo da conciliação acabou antes do fim; a próxima conciliação lê tudo de novo.');
    }
    this.run.requests += 1;
    return call();
  }

  /** Every page of one list, in order (offset/limit, 100 at a time), each compared before the next is asked. */
  private async readList(filters: AsaasPaymentFilters): Promise<void> {
    for (let offset = 0; ;) {
      const page = await this.asaas(() => this.deps.asaas.listPayments(filters, { offset, limit: ASAAS_PAGE_LIMIT }));
      this.run.pages += 1;
      const fresh = page.data.filter((payment) => !this.seen.has(payment.id));
      for (const payment of fresh) this.seen.add(payment.id);
      this.run.payments_read += fresh.length;
      const ours = await chargesByProviderIds(
        this.deps.db,
        fresh.map((payment) => payment.id),
      );
      for (const payment of fresh) await this.reconcile(payment, ours.get(payment.id) ?? null);
      if (!page.hasMore || page.data.length === 0) return;
      // By what came, not by the limit asked: a short page never makes the run skip payments.
      offset += page.data.length;
    }
  }

  /**
   * Our charges that neither list brought, read one at a time: those created in the window (Asaas should have listed
   * them: one it does not know is a divergence) and those in a status still under way, created before it.
   */
  private async readOurChargesNotListed(): Promise<void> {
    const pending = new Map<string, ListedCharge>();
    const consider = (charge: ListedCharge) => {
      if (charge.asaasId && !this.seen.has(charge.asaasId)) pending.set(charge.asaasId, charge);
    };
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await chargesCreatedSince(this.deps.db, this.window.ourChargesFrom, cursor);
      page.items.forEach(consider);
      cursor = page.cursor;
    } while (cursor);
    for (const status of CHARGE_STATUSES_READ_ONE_BY_ONE) {
      (await chargesInStatus(this.deps.db, status)).forEach(consider);
    }
    const ids = [...pending.keys()];
    for (let start = 0; start < ids.length; start += ASAAS_PAGE_LIMIT) {
      const chunk = ids.slice(start, start + ASAAS_PAGE_LIMIT);
      const found: AsaasPayment[] = [];
      const unknown: string[] = [];
      for (const id of chunk) {
        try {
          found.push(await this.asaas(() => this.deps.asaas.getPayment(id)));
          this.run.payments_read += 1;
        } catch (error) {
          if (!(error instanceof AsaasError && error.kind === 'not_found')) throw error;
          unknown.push(id);
        }
        this.seen.add(id);
      }
      const ours = await chargesByProviderIds(this.deps.db, chunk);
      for (const payment of found) await this.reconcile(payment, ours.get(payment.id) ?? null);
      for (const id of unknown) {
        const charge = ours.get(id);
        if (!charge) continue;
        this.run.charges_checked += 1;
        await this.guarded(id, async () => {
          await this.record({ kind: 'unknown_at_asaas', ourStatus: charge.status }, id, charge.ref);
          this.checked.add(id);
        });
      }
    }
  }

  /** One payment against our charge of it (or none). A failure is counted and logged; the run goes on. */
  private async reconcile(payment: AsaasPayment, charge: ReconcilableCharge | null): Promise<void> {
    await this.guarded(payment.id, async () => {
      if (!charge && (await this.isLaterInstalment(payment))) {
        // A card plan's later instalment: its charge is compared through the first, and its events keep its status.
        this.checked.add(payment.id);
        return;
      }
      if (!charge) {
        if (paymentWithoutCharge(payment) === 'orphan') {
          const { alerted } = await reportOrphanPayment(this.deps, {
            asaasId: payment.id,
            status: providerChargeStatus(payment),
            value: payment.value,
            asaasCustomer: typeof payment.customer === 'string' ? payment.customer : null,
            externalReference: payment.externalReference ?? null,
            lastEvent: RECONCILIATION_EVENT,
          });
          this.run.orphans += 1;
          if (alerted) this.run.orphans_new += 1;
        } else {
          await this.followOrphan(payment);
        }
        this.checked.add(payment.id);
        return;
      }
      this.run.charges_checked += 1;
      const verdict = compareChargeWithPayment(
        {
          status: charge.status,
          updatedAt: charge.updatedAt,
          value: charge.contractValue,
          processStatus: charge.processStatus,
        },
        payment,
        this.deps.clock(),
      );
      for (const finding of verdict.findings) await this.record(finding, payment.id, charge.ref);
      let move: Pick<ChargeMove, 'status' | 'moved' | 'from'> = {
        status: charge.status,
        moved: false,
        from: charge.status,
      };
      if (verdict.action !== 'none') {
        move = await applyProviderStatus(this.deps, charge.ref, verdict.asaasStatus, freshReadOf(payment));
        if (verdict.action === 'move' && move.moved) this.run.repaired += 1;
        if (verdict.action === 'confirm') this.run.confirmations_resumed += 1;
        logger.warn('Reconciliation repaired a charge', {
          asaasId: payment.id,
          chargeId: charge.ref.chargeId,
          action: verdict.action,
          from: charge.status,
          to: move.status,
        });
      }
      await this.settleCancelledContract(payment, charge, move);
      await this.retireReplacedCharge(payment, charge, move.status);
      await this.flagDuplicatePayment(payment, charge, move.status);
      this.checked.add(payment.id);
    });
  }

  /**
   * 'Contrato cancelado com pagamento retido': Asaas holds money of a cancelled contract. It is settled again (a
   * payment made after the cancellation is refunded); what Asaas refused, or a refund it accepted and then denied,
   * stays a divergence until the money goes back or an admin records a manual refund. An open charge of a cancelled
   * contract (its removal failed) is removed.
   */
  private async settleCancelledContract(
    payment: AsaasPayment,
    charge: ReconcilableCharge,
    move: Pick<ChargeMove, 'status' | 'moved' | 'from'>,
  ): Promise<void> {
    if (!charge.contractCancelled || charge.manuallyRefunded) return;
    const asaasStatus = providerChargeStatus(payment);
    if (settlementAction(move.status) === 'remove' && settlementAction(asaasStatus) === 'remove') {
      await this.asaas(() =>
        settleCancelledCharge(this.deps, charge.ref, 'Cobrança de contrato cancelado').then((settlement) => {
          if (settlement.outcome === 'removed') this.run.repaired += 1;
        }),
      );
      return;
    }
    if (!isChargePaid(asaasStatus)) return;
    const held = await this.asaas(() => settleHeldMoney(this.deps, charge.ref, move));
    if (held?.outcome === 'refund-requested') {
      this.run.repaired += 1;
      return;
    }
    if (held?.outcome !== 'refused') return;
    await this.record(
      {
        kind: 'cancelled_paid',
        ourStatus: move.status,
        asaasStatus,
        ourValue: charge.contractValue ?? payment.value,
      },
      payment.id,
      charge.ref,
    );
  }

  private async isLaterInstalment(payment: AsaasPayment): Promise<boolean> {
    if (!payment.installment || (payment.installmentNumber ?? 1) <= 1) return false;
    return (await findChargeByProviderId(this.deps.db, payment.installment)) !== null;
  }

  /** 'Pagamento em duplicidade': a paid charge of a contract whose process another paid charge confirmed. */
  private async flagDuplicatePayment(payment: AsaasPayment, charge: ReconcilableCharge, ourStatus: string) {
    if (charge.contractCancelled || charge.manuallyRefunded) return;
    if (!isChargePaid(ourStatus) || !isChargePaid(providerChargeStatus(payment))) return;
    if (!charge.processPaidChargeId || charge.processPaidChargeId === charge.ref.chargeId) return;
    const isNew = await this.record(
      { kind: 'duplicate_payment', ourStatus, asaasStatus: providerChargeStatus(payment), ourValue: payment.value },
      payment.id,
      charge.ref,
    );
    if (isNew) {
      const contract = await getContract(this.deps.db, charge.ref.userId, charge.ref.contractId);
      await raiseDuplicatePaymentAlert(this.deps, charge.ref, contract?.protocolo ?? charge.ref.contractId);
    }
  }

  /**
   * A PIX a newer charge replaced, still open at Asaas (its removal at 'Gerar novo PIX' is best effort): removed now,
   * so the customer cannot pay a code the contract no longer counts.
   */
  private async retireReplacedCharge(payment: AsaasPayment, charge: ReconcilableCharge, ourStatus: string) {
    if (charge.contractCancelled || ourStatus !== 'OVERDUE' || payment.deleted === true) return;
    if (settlementAction(providerChargeStatus(payment)) !== 'remove') return;
    const latest = await latestChargeOfContract(this.deps.db, charge.ref.userId, charge.ref.contractId);
    if (!latest || latest.id === charge.ref.chargeId) return;
    try {
      await this.asaas(() => removeCharge(this.deps.asaas, { payment: payment.id, installment: payment.installment }));
    } catch (error) {
      if (error instanceof RunStopped || !(error instanceof AsaasError && error.kind === 'rejected')) throw error;
      logger.warn('Replaced payment still not removable at Asaas', { asaasId: payment.id, error });
      return;
    }
    const fresh = await this.asaas(() => this.deps.asaas.getPayment(payment.id));
    const move = await applyProviderStatus(this.deps, charge.ref, providerChargeStatus(fresh), freshReadOf(fresh));
    if (move.moved) this.run.repaired += 1;
  }

  /**
   * An orphan payment no longer paid (refunded by an admin or by the payer's bank, a delivery of which was lost): its
   * item follows Asaas, as the webhook's would, so 'Pagamentos sem cobrança' does not show money that went back.
   */
  private async followOrphan(payment: AsaasPayment): Promise<void> {
    const orphan = await getOrphanPayment(this.deps.db, payment.id);
    const status = providerChargeStatus(payment);
    if (!orphan || orphan.status === status) return;
    await recordOrphanPayment(
      this.deps.db,
      { ...orphan, status, lastEvent: RECONCILIATION_EVENT },
      this.deps.clock().toISOString(),
    );
    this.run.repaired += 1;
  }

  private async guarded(asaasId: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (error instanceof RunStopped) throw error;
      this.run.errors += 1;
      logger.error('Payment not reconciled', { asaasId, error: error as Error });
    }
  }

  private async record(finding: DivergenceFinding, asaasId: string, ref: ChargeRef): Promise<boolean> {
    const facts = divergenceFacts(finding);
    const { isNew } = await recordDivergence(
      this.deps.db,
      { ...facts, asaasId, ref },
      { id: this.run.id, now: this.deps.clock().toISOString() },
    );
    if (!isNew) return false;
    this.run.divergences_new += 1;
    countMetric(METRIC.reconciliationDivergences);
    this.newDivergences.push({ ...facts, asaas_id: asaasId });
    return true;
  }

  /** Divergences of payments this run checked and no longer found are over; the rest stay open. */
  async resolveDivergences(): Promise<void> {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await listDivergences(this.deps.db, { limit: 100, cursor });
      for (const divergence of page.items) {
        const over =
          divergence.last_run_id !== this.run.id &&
          this.checked.has(divergence.asaas_id) &&
          (await resolveDivergence(this.deps.db, divergence, this.run.id));
        if (over) this.run.divergences_resolved += 1;
        else this.run.divergences_open += 1;
      }
      cursor = page.cursor;
    } while (cursor);
  }
}

/**
 * The admins' report of a run, once per run (an admin alert whose id is the run's: a retry of the run raises nothing
 * new): only when there is news — something repaired, a new orphan payment or divergence, or a run that did not
 * finish. A quiet night tells nothing. A failed write is logged: the run's figures are on /admin/financeiro all the same.
 */
async function sendReport(
  deps: ReconciliationDeps,
  run: ReconciliationRun,
  newDivergences: (DivergenceFacts & { asaas_id: string })[],
): Promise<void> {
  const news = run.repaired + run.confirmations_resumed + run.orphans_new + run.divergences_new;
  if (run.status === 'completed' && news === 0) return;
  try {
    await raiseAdminAlert(deps.db, reconciliationReportAlert(run, newDivergences), deps.clock().toISOString());
  } catch (error) {
    logger.error('Reconciliation report not raised', { runId: run.id, error: error as Error });
  }
}
