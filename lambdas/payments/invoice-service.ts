import { isChargePaid } from '../../domain/charge-status.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import {
  canInvoiceMove,
  EXAMPLE_FISCAL_SETTINGS,
  invoiceNeedsAttention,
  invoiceServiceDescription,
  INVOICE_MESSAGES,
  isInvoiceCancellable,
  type FiscalSettings,
  type InvoiceMoveSource,
} from '../../domain/invoice.js';
import { formatBRL } from '../../domain/pricing.js';
import type { Invoice } from '../../domain/schemas/invoice.js';
import { AsaasError } from '../providers/asaas.js';
import type {
  AsaasInvoice,
  AsaasInvoiceContent,
  AsaasInvoices,
  AsaasInvoiceTarget,
} from '../providers/asaas-invoices.js';
import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { findChargeByProviderId, getCharge, type ChargeRef } from '../shared/data/charges.js';
import { getContract } from '../shared/data/contracts.js';
import { claimInvoiceCreation, getInvoice, writeInvoice, type StoredInvoice } from '../shared/data/invoices.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './asaas-timeouts.js';

/*
 * A nota fiscal for every payment (docs/decisions.md, A nota fiscal for every payment): scheduled at Asaas once when the
 * payment is confirmed, followed through Asaas's INVOICE_* events (each read back before it is applied, and only ever
 * moving the nota forward), cancelled when the money goes back, and put before an admin — an alert once per failure,
 * a row on /admin/financeiro with 'Tentar novamente' — whenever Asaas or the prefeitura would not do it.
 */

export type InvoiceDeps = {
  db: Db;
  clock: Clock;
  invoices: AsaasInvoices;
  /**
   * The stage's fiscal settings (its company file's `fiscal`; the examples where it has none, as `dev` may), read when a
   * nota is written, not at the cold start.
   */
  fiscal?: () => FiscalSettings | undefined;
};

/** Longer than one creation takes with the client's retries; a creation that died lets the next one in after it. */
const CREATION_LEASE_SECONDS = ASAAS_CALLER_TIMEOUT_SECONDS;

export type ScheduleOutcome = 'scheduled' | 'exists' | 'busy' | 'failed' | 'not-paid';

/**
 * Schedules the nota of a paid charge at Asaas, once: a retried task, a second confirmation and a creation whose answer
 * was lost all end with the one nota (our claim on the item, then Asaas's own list of the payment's notas before a
 * new one). Never throws for Asaas: a confirmation must not fail because the nota could not be asked for — the failure
 * is recorded on the nota and told to the admins, who retry it. The table's errors are thrown (the caller retries).
 */
export async function scheduleChargeInvoice(deps: InvoiceDeps, ref: ChargeRef): Promise<ScheduleOutcome> {
  const charge = await getCharge(deps.db, ref);
  if (!charge?.asaas_id || !isChargePaid(charge.status)) return 'not-paid';
  const claim = await claimInvoiceCreation(
    deps.db,
    ref,
    { asaas_payment_id: charge.asaas_id, valor: charge.valor ?? null },
    deps.clock(),
    CREATION_LEASE_SECONDS,
  );
  if (claim !== 'claimed') return claim;
  return createAtAsaas(deps, ref, invoiceTarget(charge.asaas_id, charge.asaas_parcelamento_id), charge.valor ?? null);
}

/**
 * One nota per sale: a card in instalments is one sale of the contract's card price, so its nota is the plan's
 * (Asaas's `installment`) for the whole value; any other charge's is its payment's.
 */
function invoiceTarget(payment: string, plan: string | null | undefined): AsaasInvoiceTarget {
  return plan ? { installment: plan } : { payment };
}

async function createAtAsaas(
  deps: InvoiceDeps,
  ref: ChargeRef,
  target: AsaasInvoiceTarget,
  chargeValue: number | null,
): Promise<ScheduleOutcome> {
  let created: AsaasInvoice;
  try {
    created = await deps.invoices.scheduleInvoice({
      ...(await invoiceContent(deps, ref, chargeValue)),
      ...target,
      externalReference: ref.chargeId,
    });
  } catch (error) {
    if (!(error instanceof AsaasError)) throw error;
    await recordFailure(deps, ref, 'erro', asaasReason(error, 'agendar'));
    return 'failed';
  }
  const applied = await applyAsaasInvoice(deps, ref, created, 'retry');
  await followUp(deps, ref, applied);
  return 'scheduled';
}

/** What every nota says, from the stage's settings: the service, its value, the ISS, the day and the contract. */
async function invoiceContent(
  deps: InvoiceDeps,
  ref: ChargeRef,
  chargeValue: number | null,
): Promise<AsaasInvoiceContent> {
  const settings = deps.fiscal?.() ?? EXAMPLE_FISCAL_SETTINGS;
  const contract = await getContract(deps.db, ref.userId, ref.contractId);
  const protocolo = contract?.protocolo ?? ref.contractId;
  return {
    serviceDescription: invoiceServiceDescription(settings, protocolo),
    observations: `Contrato ${protocolo}.`,
    value: chargeValue ?? contract?.valor ?? 0,
    effectiveDate: saoPauloDay(deps.clock()),
    municipalServiceCode: settings.municipalServiceCode,
    municipalServiceName: settings.municipalServiceName,
    taxes: { retainIss: settings.retainIss, iss: settings.issRate, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 },
  };
}

/**
 * Asaas's word on a nota applied to ours: its status only forward (`canInvoiceMove`; `retry` also allows the two
 * explicit ways back after an admin's retry), its number and links kept fresh. A nota of the payment other than ours
 * (made by hand in Asaas's panel) is left alone.
 */
async function applyAsaasInvoice(
  deps: InvoiceDeps,
  ref: ChargeRef,
  fresh: AsaasInvoice,
  source: InvoiceMoveSource,
): Promise<{ written: boolean; invoice: StoredInvoice | null; before: StoredInvoice | null }> {
  const now = deps.clock().toISOString();
  return writeInvoice(deps.db, ref, (current) => {
    if (current?.asaas_invoice_id && current.asaas_invoice_id !== fresh.id) {
      logger.warn('Another nota of the same payment at Asaas: ours kept', { chargeId: ref.chargeId, other: fresh.id });
      return null;
    }
    const from = current?.status ?? 'SCHEDULING';
    const moves = from !== fresh.status && canInvoiceMove(from, fresh.status, source);
    const next: Invoice = {
      charge_id: ref.chargeId,
      contrato_id: ref.contractId,
      created_at: current?.created_at ?? now,
      ...current,
      asaas_invoice_id: fresh.id,
      asaas_payment_id: fresh.payment ?? current?.asaas_payment_id ?? null,
      valor: current?.valor ?? fresh.value ?? null,
      status: moves ? fresh.status : from,
      numero: fresh.number ?? current?.numero ?? null,
      pdf_url: fresh.pdfUrl ?? current?.pdf_url ?? null,
      xml_url: fresh.xmlUrl ?? current?.xml_url ?? null,
      status_description: moves ? (fresh.statusDescription ?? null) : (current?.status_description ?? null),
      falha: source === 'retry' || moves ? null : (current?.falha ?? null),
      updated_at: now,
    };
    const unchanged =
      current !== null &&
      !moves &&
      current.asaas_invoice_id === next.asaas_invoice_id &&
      current.numero === next.numero &&
      current.pdf_url === next.pdf_url &&
      current.xml_url === next.xml_url &&
      (current.falha ?? null) === next.falha &&
      current.claim_until == null;
    return unchanged ? null : next;
  });
}

/**
 * What a nota's new state asks for: an alert when it failed or its cancellation was denied (once per attempt), and the
 * cancellation a refund asked for before the nota existed at Asaas.
 */
async function followUp(
  deps: InvoiceDeps,
  ref: ChargeRef,
  applied: { written: boolean; invoice: StoredInvoice | null; before: StoredInvoice | null },
): Promise<void> {
  const invoice = applied.invoice;
  if (!invoice) return;
  if (applied.written && invoice.status !== applied.before?.status) {
    if (invoice.status === 'ERROR') {
      await raiseInvoiceAlert(
        deps,
        ref,
        invoice,
        'erro',
        invoice.status_description ?? 'erro informado pela prefeitura',
      );
    }
    if (invoice.status === 'CANCELLATION_DENIED') {
      const why = invoice.status_description ?? 'cancelamento recusado pela prefeitura';
      await raiseInvoiceAlert(deps, ref, invoice, 'cancelamento', why);
    }
  }
  if (invoice.cancelamento_pedido_em && ['SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED'].includes(invoice.status)) {
    await cancelAtAsaas(deps, ref, invoice, 'provider');
  }
}

export type InvoiceEventOutcome = 'recorded' | 'ignored' | 'unknown_charge' | 'unverified';

/**
 * One INVOICE_* delivery, on the payments' verified path (the token checked, the event id recorded once by the caller):
 * the nota is read back from Asaas and what Asaas answers is applied, so a forged body changes nothing and an event
 * delivered late or twice only moves the nota forward. Asaas unreachable → thrown: Asaas redelivers.
 */
export async function applyInvoiceEvent(
  deps: InvoiceDeps,
  claimed: { id: string; payment?: string | null },
  event: string,
): Promise<InvoiceEventOutcome> {
  let fresh: AsaasInvoice;
  try {
    fresh = await deps.invoices.getInvoice(claimed.id);
  } catch (error) {
    if (error instanceof AsaasError && error.kind === 'not_found') {
      logger.warn('Invoice event for a nota Asaas does not know: nothing applied', { event, invoiceId: claimed.id });
      return 'unverified';
    }
    throw error;
  }
  // A card plan's nota names the plan, not a payment: the charge is found by either id.
  const paymentId = fresh.payment ?? fresh.installment ?? null;
  if (!paymentId) {
    logger.info('Invoice event for a nota of no payment', { event, invoiceId: fresh.id });
    return 'ignored';
  }
  const charge = await findChargeByProviderId(deps.db, paymentId);
  if (!charge) {
    logger.warn('Invoice event for a payment we do not have', { event, invoiceId: fresh.id, asaasId: paymentId });
    return 'unknown_charge';
  }
  const applied = await applyAsaasInvoice(deps, charge.ref, fresh, 'provider');
  await followUp(deps, charge.ref, applied);
  return applied.written ? 'recorded' : 'ignored';
}

export type CancelOutcome = 'requested' | 'pending' | 'nothing' | 'failed';

/**
 * A refund's nota cancelled (`POST /v3/invoices/{id}/cancel`): the wish is recorded on the nota first, so a nota still
 * being created is cancelled as soon as Asaas has it, and one Asaas would not cancel stays before an admin. Never throws
 * for Asaas: the refund stands whatever happens to its nota.
 */
export async function cancelChargeInvoice(deps: InvoiceDeps, ref: ChargeRef): Promise<CancelOutcome> {
  const now = deps.clock().toISOString();
  const marked = await writeInvoice(
    deps.db,
    ref,
    (current) =>
      current && !current.cancelamento_pedido_em && current.status !== 'CANCELED'
        ? { ...current, cancelamento_pedido_em: now, updated_at: now }
        : null,
    { keepClaim: true },
  );
  const invoice = marked.invoice;
  if (!invoice || invoice.status === 'CANCELED' || invoice.status === 'PROCESSING_CANCELLATION') return 'nothing';
  if (!invoice.asaas_invoice_id) return 'pending';
  return cancelAtAsaas(deps, ref, invoice, 'provider');
}

async function cancelAtAsaas(
  deps: InvoiceDeps,
  ref: ChargeRef,
  invoice: StoredInvoice,
  source: InvoiceMoveSource,
): Promise<CancelOutcome> {
  if (!invoice.asaas_invoice_id || !isInvoiceCancellable(invoice.status)) return 'nothing';
  let answer: AsaasInvoice;
  try {
    answer = await deps.invoices.cancelInvoice(invoice.asaas_invoice_id);
  } catch (error) {
    if (!(error instanceof AsaasError)) throw error;
    await recordFailure(deps, ref, 'cancelamento', asaasReason(error, 'cancelar'));
    return 'failed';
  }
  const applied = await applyAsaasInvoice(deps, ref, answer, source);
  await followUp(deps, ref, {
    ...applied,
    invoice: applied.invoice && { ...applied.invoice, cancelamento_pedido_em: null },
  });
  return 'requested';
}

/** Why Asaas did not do it, in words for the admins. */
function asaasReason(error: AsaasError, action: 'agendar' | 'cancelar'): string {
  if (error.kind === 'unavailable') return `O Asaas não respondeu ao pedido para ${action} a nota fiscal.`;
  const words = (error.details.errors ?? []).map((e) => e.description ?? e.code).filter(Boolean);
  return words.length > 0 ? words.join(' ') : `O Asaas recusou o pedido para ${action} a nota fiscal.`;
}

/** Asaas could not be made to act: the reason kept on the nota (the admins' list reads it) and told to them once. */
async function recordFailure(
  deps: InvoiceDeps,
  ref: ChargeRef,
  kind: 'erro' | 'cancelamento',
  reason: string,
): Promise<void> {
  logger.error('Asaas did not act on a nota fiscal', { chargeId: ref.chargeId, kind, reason });
  const now = deps.clock().toISOString();
  const { invoice } = await writeInvoice(deps.db, ref, (current) =>
    current ? { ...current, falha: reason, updated_at: now } : null,
  );
  if (invoice) await raiseInvoiceAlert(deps, ref, invoice, kind, reason);
}

/** The alert's id: one per charge, kind and attempt, so a retry that fails again is told again, and only once. */
export const invoiceAlertId = (chargeId: string, kind: 'erro' | 'cancelamento', attempt: number) =>
  `nota-fiscal-${kind}#${chargeId}#${attempt}`;

async function raiseInvoiceAlert(
  deps: InvoiceDeps,
  ref: ChargeRef,
  invoice: Invoice,
  kind: 'erro' | 'cancelamento',
  reason: string,
): Promise<void> {
  const contract = await getContract(deps.db, ref.userId, ref.contractId);
  const protocolo = contract?.protocolo ?? ref.contractId;
  const value = invoice.valor === null || invoice.valor === undefined ? '' : ` (${formatBRL(invoice.valor)})`;
  const what = `a nota fiscal do pagamento ${invoice.asaas_payment_id ?? ref.chargeId}${value} do contrato ${protocolo}`;
  await raiseAdminAlert(
    deps.db,
    {
      id: invoiceAlertId(ref.chargeId, kind, invoice.tentativa ?? 0),
      userId: ref.userId,
      subject: kind === 'erro' ? `Nota fiscal com erro — ${protocolo}` : `Nota fiscal não cancelada — ${protocolo}`,
      paragraphs: [
        kind === 'erro'
          ? `Não foi possível emitir ${what}. Motivo: ${reason}`
          : `Não foi possível cancelar ${what}, cujo pagamento foi estornado. Motivo: ${reason}`,
        'Corrija a causa no painel do Asaas (informações fiscais, serviço municipal) e clique em Tentar novamente em Financeiro, na lista de notas fiscais com problema.',
      ],
      actionPath: '/admin/financeiro',
      actionLabel: 'Abrir Financeiro',
    },
    deps.clock().toISOString(),
  );
}

/**
 * An admin's 'Tentar novamente' on a nota that needs one: a cancellation still owed is asked again; a nota Asaas never
 * accepted is created; a failed one is rewritten with the current settings and issued. Each retry counts an attempt,
 * so its own failure is alerted once more. Answers the nota as it stands after.
 */
export async function retryInvoice(deps: InvoiceDeps, ref: ChargeRef): Promise<StoredInvoice> {
  const now = deps.clock().toISOString();
  const bumped = await writeInvoice(deps.db, ref, (current) =>
    current && invoiceNeedsAttention(current)
      ? { ...current, tentativa: (current.tentativa ?? 0) + 1, falha: null, updated_at: now }
      : null,
  );
  const invoice = bumped.invoice;
  if (!invoice) throw new ConflictError(INVOICE_MESSAGES.notFound);
  if (!bumped.written) throw new ConflictError(INVOICE_MESSAGES.nothingToRetry);
  if (invoice.cancelamento_pedido_em && invoice.status !== 'CANCELED' && invoice.asaas_invoice_id) {
    await cancelAtAsaas(deps, ref, invoice, 'retry');
  } else if (!invoice.asaas_invoice_id) {
    const claim = await claimInvoiceCreation(
      deps.db,
      ref,
      { asaas_payment_id: invoice.asaas_payment_id, valor: invoice.valor },
      deps.clock(),
      CREATION_LEASE_SECONDS,
    );
    const charge = claim === 'claimed' ? await getCharge(deps.db, ref) : null;
    if (charge?.asaas_id) {
      const target = invoiceTarget(charge.asaas_id, charge.asaas_parcelamento_id);
      await createAtAsaas(deps, ref, target, invoice.valor ?? null);
    }
  } else if (invoice.status === 'ERROR') {
    await reissueAtAsaas(deps, ref, invoice);
  }
  return (await getInvoice(deps.db, ref)) ?? invoice;
}

async function reissueAtAsaas(deps: InvoiceDeps, ref: ChargeRef, invoice: StoredInvoice): Promise<void> {
  const invoiceId = invoice.asaas_invoice_id!;
  let answer: AsaasInvoice;
  try {
    await deps.invoices.updateInvoice(invoiceId, await invoiceContent(deps, ref, invoice.valor ?? null));
    answer = await deps.invoices.authorizeInvoice(invoiceId);
  } catch (error) {
    if (!(error instanceof AsaasError)) throw error;
    await recordFailure(deps, ref, 'erro', asaasReason(error, 'agendar'));
    return;
  }
  await followUp(deps, ref, await applyAsaasInvoice(deps, ref, answer, 'retry'));
}
