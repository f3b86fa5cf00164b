import { ADMIN_PAGE_SIZE } from '../../../domain/api/admin-processes.js';
import type { AdminChargeRow, MarkPaidBody } from '../../../domain/api/admin-finance.js';
import {
  canAdminMarkPaid,
  isChargePaid,
  providerChargeStatus,
  verificationMessage,
  type ChargeStatusSource,
} from '../../../domain/charge-status.js';
import { saoPauloDay } from '../../../domain/sao-paulo-calendar.js';
import { chargeMethod, type PaymentMethod } from '../../../domain/payment-methods.js';
import { formatBRL } from '../../../domain/pricing.js';
import { isInRange, rangeInstants } from '../../../domain/finance-period.js';
import { ADMIN_PROCESS_MESSAGES, PROCESS_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import { parseProtocol } from '../../../domain/protocol.js';
import type { Charge, Contract, Profile } from '../../../domain/schemas/entities.js';
import { enforceAsaasReadBudget } from '../../payments/asaas-read-budget.js';
import { applyProviderStatus, freshReadOf, type ChargeStatusDeps } from '../../payments/charge-status-service.js';
import { SettlementPendingError } from '../../payments/charge-settlement-service.js';
import { settleHeldMoney } from '../../payments/held-money-service.js';
import type { AsaasClient } from '../../providers/asaas.js';
import type { Caller } from '../../shared/caller.js';
import { listCharges, rowContextOf, searchClientPage, type Page } from '../../shared/data/admin-lists.js';
import { auditPut } from '../../shared/data/audit.js';
import { getCharge, latestChargeOfContract, withoutTaskToken, type ChargeRef } from '../../shared/data/charges.js';
import { contractNotCancelled, getContract } from '../../shared/data/contracts.js';
import { getCustomerCollection } from '../../shared/data/customers.js';
import { findContractByProtocol } from '../../shared/data/lookups.js';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { logger } from '../../shared/logger.js';
import type { AdminListQuery } from '../processes/admin-processes-service.js';

export type AdminFinanceDeps = ChargeStatusDeps & {
  asaas: Pick<
    AsaasClient,
    'getPayment' | 'refundPayment' | 'deletePayment' | 'refundInstallment' | 'deleteInstallment'
  >;
};

/** Asaas could not be read: the spec's admin message, as a 502 (nothing was changed). */
export class ChargeVerificationError extends DomainError {
  constructor() {
    super('provider_unavailable', 502, ADMIN_PROCESS_MESSAGES.verifyFailed);
  }
}

function chargeRow(
  userId: string,
  charge: Charge,
  profile: Profile | null | undefined,
  contract: Contract | null | undefined,
): AdminChargeRow {
  return {
    // The route's schema leaves the QR image out.
    ...charge,
    user_id: userId,
    profile_id: profile?.id ?? null,
    protocolo: contract?.protocolo ?? null,
    // What Asaas charges; a charge written before it was kept shows its contract's value.
    valor: charge.valor ?? contract?.valor ?? null,
    contrato_created_at: contract?.created_at ?? null,
    nome_cliente: profile?.nome_completo ?? null,
    email_cliente: profile?.email ?? null,
    whatsapp_cliente: profile?.whatsapp ?? null,
    contrato_cancelado_em: contract?.cancelado_em ?? null,
    metodo: chargeMethod(charge),
  };
}

/** The list's filters: those of every admin list, a period of São Paulo days and the page size. */
export type AdminChargesQuery = AdminListQuery<string> & { from?: string; to?: string; limit?: number };

/**
 * /admin/financeiro (patterns 23, 27, 38, 58): as /admin/processos — a page of gsi1 or of one status's gsi2 partition
 * with one BatchGetItem for its contracts and clients, a protocol by its pointer, a name through the search tokens. A
 * period keeps the charges whose status last changed in it: a key range of either index, or a filter on a search's
 * few charges.
 */
/** Pages a method filter may read for one answer: bounded, so a rare method never walks the whole list at once. */
const METHOD_FILTER_MAX_READS = 10;

export async function listAdminCharges(
  deps: Pick<AdminFinanceDeps, 'db'>,
  query: AdminChargesQuery & { metodo?: PaymentMethod },
): Promise<Page<AdminChargeRow>> {
  const { metodo, ...rest } = query;
  if (!metodo) return listChargePage(deps, rest);
  // A filter over the pages: read on until the page is full, the list ends or the bound is reached; the cursor
  // always points past what was read, so 'Carregar mais' goes on from there and nothing is skipped.
  const limit = rest.limit ?? ADMIN_PAGE_SIZE;
  const items: AdminChargeRow[] = [];
  let cursor = rest.cursor ?? null;
  for (let read = 0; read < METHOD_FILTER_MAX_READS; read += 1) {
    const page = await listChargePage(deps, { ...rest, cursor: cursor ?? undefined });
    items.push(...page.items.filter((row) => row.metodo === metodo));
    cursor = page.cursor;
    if (!cursor || items.length >= limit) break;
  }
  return { items, cursor };
}

async function listChargePage(
  deps: Pick<AdminFinanceDeps, 'db'>,
  query: AdminChargesQuery,
): Promise<Page<AdminChargeRow>> {
  const { db } = deps;
  const search = query.search?.trim();
  const range = query.from && query.to ? rangeInstants({ from: query.from, to: query.to }) : undefined;
  const keep = (charge: Charge) =>
    (!query.status || charge.status === query.status) && (!range || isInRange(charge.updated_at, range));
  if (search) {
    const protocolo = parseProtocol(search);
    // A page of matching clients with its cursor: 'Carregar mais' reads the next, never a silent cut.
    const matches = protocolo
      ? await findContractByProtocol(db, protocolo).then((owner) => ({
          owners: owner ? [owner.userId] : [],
          cursor: null,
        }))
      : await searchClientPage(db, search, { limit: ADMIN_PAGE_SIZE, cursor: query.cursor ?? null }).then((page) => ({
          owners: page.items.map((client) => client.user_id),
          cursor: page.cursor,
        }));
    const { owners } = matches;
    const collections = await Promise.all(owners.map((userId) => getCustomerCollection(db, userId)));
    const items = collections.flatMap((collection, i) =>
      collection.charges
        .filter(keep)
        .filter(
          (charge) =>
            !protocolo || collection.contracts.some((c) => c.id === charge.contrato_id && c.protocolo === protocolo),
        )
        .map((charge) =>
          chargeRow(
            owners[i]!,
            charge,
            collection.profile,
            collection.contracts.find((c) => c.id === charge.contrato_id),
          ),
        ),
    );
    return { items, cursor: matches.cursor };
  }
  const page = await listCharges(db, {
    status: query.status,
    cursor: query.cursor,
    limit: query.limit ?? ADMIN_PAGE_SIZE,
    range,
  });
  const context = await rowContextOf(
    db,
    page.items.map(({ userId, entity }) => ({ userId, contractId: entity.contrato_id })),
  );
  return {
    items: page.items.map(({ userId, entity }) =>
      chargeRow(userId, entity, context.profiles.get(userId), context.contracts.get(`${userId}#${entity.contrato_id}`)),
    ),
    cursor: page.cursor,
  };
}

export async function rowOf(deps: Pick<AdminFinanceDeps, 'db'>, ref: ChargeRef): Promise<AdminChargeRow> {
  const [charge, context] = await Promise.all([getCharge(deps.db, ref), rowContextOf(deps.db, [ref])]);
  if (!charge) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
  return chargeRow(
    ref.userId,
    withoutTaskToken(charge),
    context.profiles.get(ref.userId),
    context.contracts.get(`${ref.userId}#${ref.contractId}`),
  );
}

const actorOf = (caller: Caller) => ({ userId: caller.userId, email: caller.email });

/**
 * 'Marcar pago' (docs/decisions.md, 'Marcar pago' with its evidence): the admin confirms the amount received (the
 * charge's value), the São Paulo day (not in the future) and how it arrived. The charge takes CONFIRMED through the
 * webhook's own path (`applyProviderStatus`) with the manual payment recorded on it in the same write, so the waiting
 * workflow confirms the payment — process 'pago', the referral and its reward, the purchase conversion — exactly as
 * for a PIX paid at Asaas, and every screen reads the method as manual. The audit record is written in the move's
 * transaction. Refused (409, the spec's message) when already CONFIRMED or RECEIVED, where the charge's life refuses
 * CONFIRMED, and for a charge its contract replaced with a new PIX (its workflow was stopped: the current charge is
 * the one to mark). Refused (409, 'Este contrato foi cancelado.') on a cancelled contract, by the move's own
 * transaction too.
 */
export async function markAdminChargePaid(
  deps: ChargeStatusDeps,
  caller: Caller,
  ref: ChargeRef,
  received: MarkPaidBody,
): Promise<AdminChargeRow> {
  const [charge, contract] = await Promise.all([
    getCharge(deps.db, ref),
    getContract(deps.db, ref.userId, ref.contractId),
  ]);
  if (!charge || !contract) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
  if (contract.cancelado_em) throw new ConflictError(WITHDRAWAL_MESSAGES.cancelledContract);
  const latest = await latestChargeOfContract(deps.db, ref.userId, ref.contractId);
  if (!canAdminMarkPaid(charge.status) || latest?.id !== charge.id) {
    throw new ConflictError(ADMIN_PROCESS_MESSAGES.markPaidFailed);
  }
  const due = charge.valor ?? contract.valor;
  if (Math.round(received.valor * 100) !== Math.round(due * 100)) {
    const message = ADMIN_PROCESS_MESSAGES.markPaidValueMismatch(formatBRL(due));
    throw new ValidationError(message, { valor: message });
  }
  if (received.data > saoPauloDay(deps.clock())) {
    throw new ValidationError(ADMIN_PROCESS_MESSAGES.markPaidInvalidDate, {
      data: ADMIN_PROCESS_MESSAGES.markPaidInvalidDate,
    });
  }
  const at = deps.clock().toISOString();
  const manual = { valor: received.valor, data: received.data, motivo: received.motivo, por: caller.email, em: at };
  const move = await applyProviderStatus(
    deps,
    ref,
    'CONFIRMED',
    { event: 'ADMIN_MARK_PAID' },
    (current) => [
      // A withdrawal landing between the read above and this write must win: the money of a cancelled contract is
      // refunded, never confirmed (the workflow would file its process).
      contractNotCancelled(deps.db, ref.userId, ref.contractId),
      auditPut(deps.db, {
        at,
        actor: actorOf(caller),
        action: 'charge-mark-paid',
        targetUserId: ref.userId,
        target: { type: 'charge', id: ref.chargeId },
        before: { status: current.status },
        after: { status: 'CONFIRMED', valor: manual.valor, data: manual.data, motivo: manual.motivo },
      }),
    ],
    { pagamento_manual: manual },
  );
  if (move.refused) throw new ConflictError(WITHDRAWAL_MESSAGES.cancelledContract);
  // Changed under us (e.g. the webhook paid it a moment ago): nothing was forced, and the admin is told so.
  if (!move.moved) throw new ConflictError(ADMIN_PROCESS_MESSAGES.markPaidFailed);
  return rowOf(deps, ref);
}

/**
 * The admin's verification: reads the payment at Asaas (a fresh read, like the customer's 'Verificar Pagamento') and
 * applies its status through the same path. A move is audited in its transaction; a verification that changed
 * nothing is audited on its own. Asaas unreachable: 'Erro ao verificar pagamento.' (502), nothing changed. It reads
 * within the global budget of reads people's actions make (429 when spent, before Asaas is asked).
 */
export async function verifyAdminCharge(
  deps: AdminFinanceDeps,
  caller: Caller,
  ref: ChargeRef,
): Promise<{ pago: boolean; mudou: boolean; mensagem: string; charge: AdminChargeRow }> {
  const charge = await getCharge(deps.db, ref);
  if (!charge) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
  if (!charge.asaas_id) throw new ChargeVerificationError();
  await enforceAsaasReadBudget(deps, ADMIN_PROCESS_MESSAGES.verifyBusy);
  let providerStatus: string;
  let source: ChargeStatusSource;
  try {
    const payment = await deps.asaas.getPayment(charge.asaas_id);
    providerStatus = providerChargeStatus(payment);
    source = freshReadOf(payment);
  } catch (error) {
    logger.warn('Admin verification: payment not read at Asaas', { error: error as Error, chargeId: ref.chargeId });
    throw new ChargeVerificationError();
  }
  const at = deps.clock().toISOString();
  const entry = (before: string, after: string) => ({
    at,
    actor: actorOf(caller),
    action: 'charge-verify' as const,
    targetUserId: ref.userId,
    target: { type: 'charge' as const, id: ref.chargeId },
    before: { status: before },
    after: { status: after, provider_status: providerStatus },
  });
  // Audited only when the charge moved, in the move's transaction: a look that changed nothing is no admin action.
  const move = await applyProviderStatus(deps, ref, providerStatus, source, (current) => [
    auditPut(deps.db, entry(current.status, providerStatus)),
  ]);
  try {
    await settleHeldMoney(deps, ref, move);
  } catch (error) {
    // Asaas went away between the read and the refund: the row shows the money held; the next check settles it.
    if (!(error instanceof SettlementPendingError)) throw error;
  }
  const row = await rowOf(deps, ref);
  return {
    pago: isChargePaid(row.status),
    mudou: move.moved,
    mensagem: verificationMessage({ from: move.from, status: move.status, providerStatus, moved: move.moved }),
    charge: row,
  };
}
