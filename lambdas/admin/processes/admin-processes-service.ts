import type { ChargeStatus } from '../../../domain/charge-status.js';
import { kitStatusRefusal, kitSummary, type KitItemRecord } from '../../../domain/filing-kit.js';
import { refusal } from '../../../domain/refusals.js';
import {
  ADMIN_PAGE_SIZE,
  statusChangeBodySchema,
  type AdminProcessRow,
  type StatusChangeBody,
} from '../../../domain/api/admin-processes.js';
import { saoPauloDay, saoPauloDayStart } from '../../../domain/sao-paulo-calendar.js';
import {
  assessStatusMove,
  filedCase,
  statusMoveProblems,
  warningsLine,
  type StatusMoveFacts,
} from '../../../domain/status-change.js';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import { PAID_NOT_FILED_STATUSES, type ProcessStatus } from '../../../domain/process-status.js';
import { parseProtocol } from '../../../domain/protocol.js';
import type { Charge, Contract, Process, Profile } from '../../../domain/schemas/entities.js';
import type { Caller } from '../../shared/caller.js';
import type { Clock } from '../../shared/clock.js';
import { listProcesses, rowContextOf, searchClientPage, type Page } from '../../shared/data/admin-lists.js';
import { auditPut } from '../../shared/data/audit.js';
import { getCustomerCollection } from '../../shared/data/customers.js';
import { findContractByProtocol } from '../../shared/data/lookups.js';
import { changeProcessStatus, getProcess, type ProcessRef } from '../../shared/data/processes.js';
import type { Db } from '../../shared/data/table.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { PROCESS_STATUS_METRICS } from '../../shared/metric-names.js';
import { countMetric } from '../../shared/metrics.js';

export type AdminProcessesDeps = { db: Db; clock: Clock };

export type AdminListQuery<S> = { search?: string; status?: S; cursor?: string };

export function processRow(
  userId: string,
  process: Process,
  profile: Profile | null | undefined,
  contract: Contract | null | undefined,
  chargeStatus: ChargeStatus | null | undefined,
  kit?: readonly KitItemRecord[],
): AdminProcessRow {
  return {
    ...process,
    user_id: userId,
    profile_id: profile?.id ?? null,
    protocolo: contract?.protocolo ?? null,
    nome_cliente: profile?.nome_completo ?? null,
    email_cliente: profile?.email ?? null,
    forma_pagamento: contract?.forma_pagamento ?? null,
    cobranca_status: chargeStatus ?? null,
    kit: kit && profile && awaitsFiling(process) ? kitSummary(profile.tipo_documento, kit) : null,
  };
}

/** Rows whose kit the list shows: paid and not filed yet (the kit opens with the payment and closes with the filing). */
const awaitsFiling = (process: Pick<Process, 'status'>) => PAID_NOT_FILED_STATUSES.includes(process.status);
const kitOfRow =
  (processes: ReadonlyMap<string, Pick<Process, 'status'>>) => (ref: { userId: string; contractId: string }) => {
    const process = processes.get(`${ref.userId}#${ref.contractId}`);
    return process ? awaitsFiling(process) : false;
  };

/** The status of a contract's newest charge among a customer's charges (pattern 1 reads them all). */
const latestChargeStatus = (charges: readonly Charge[], contractId: string) =>
  charges.filter((c) => c.contrato_id === contractId).sort((a, b) => b.created_at.localeCompare(a.created_at))[0]
    ?.status;

/**
 * /admin/processos (patterns 22, 27, 38): without a search, one page of gsi1 (or of the status's gsi2 partition) and
 * one BatchGetItem for its clients and protocols; a protocol is an exact pointer read; anything else goes through the
 * search tokens (pattern 86) one page of clients at a time, with its cursor, whose few processes are read by pattern 1
 * and filtered by status.
 */
export async function listAdminProcesses(
  deps: AdminProcessesDeps,
  query: AdminListQuery<ProcessStatus>,
): Promise<Page<AdminProcessRow>> {
  const { db } = deps;
  const search = query.search?.trim();
  const keep = (process: Process) => !query.status || process.status === query.status;
  if (search) {
    const protocolo = parseProtocol(search);
    if (protocolo) {
      const owner = await findContractByProtocol(db, protocolo);
      if (!owner) return { items: [], cursor: null };
      const process = await getProcess(db, owner);
      if (!process || !keep(process)) return { items: [], cursor: null };
      const key = `${owner.userId}#${owner.contractId}`;
      const context = await rowContextOf(db, [owner], {
        latestCharges: true,
        kitOf: kitOfRow(new Map([[key, process]])),
      });
      const row = processRow(
        owner.userId,
        process,
        context.profiles.get(owner.userId),
        context.contracts.get(key),
        context.latestChargeStatus.get(key),
        context.kits.get(key),
      );
      return { items: [row], cursor: null };
    }
    // A page of matching clients with its cursor: 'Carregar mais' reads the next, never a silent cut.
    const { items: clients, cursor } = await searchClientPage(db, search, {
      limit: ADMIN_PAGE_SIZE,
      cursor: query.cursor ?? null,
    });
    const collections = await Promise.all(clients.map((client) => getCustomerCollection(db, client.user_id)));
    const items = collections.flatMap((collection, i) =>
      collection.processes.filter(keep).map((process) =>
        processRow(
          clients[i]!.user_id,
          process,
          clients[i],
          collection.contracts.find((c) => c.id === process.contrato_id),
          latestChargeStatus(collection.charges, process.contrato_id),
          collection.kit.filter((item) => item.contrato_id === process.contrato_id),
        ),
      ),
    );
    return { items, cursor };
  }
  const page = await listProcesses(db, { status: query.status, cursor: query.cursor, limit: ADMIN_PAGE_SIZE });
  const processes = new Map(page.items.map(({ userId, entity }) => [`${userId}#${entity.contrato_id}`, entity]));
  const context = await rowContextOf(
    db,
    page.items.map(({ userId, entity }) => ({ userId, contractId: entity.contrato_id })),
    { latestCharges: true, kitOf: kitOfRow(processes) },
  );
  return {
    items: page.items.map(({ userId, entity }) =>
      processRow(
        userId,
        entity,
        context.profiles.get(userId),
        context.contracts.get(`${userId}#${entity.contrato_id}`),
        context.latestChargeStatus.get(`${userId}#${entity.contrato_id}`),
        context.kits.get(`${userId}#${entity.contrato_id}`),
      ),
    ),
    cursor: page.cursor,
  };
}

/** Attempts at a status change that keeps losing to concurrent changes before it fails loudly. */
const CHANGE_ATTEMPTS = 5;

/** The guard's facts about one process, read together (pattern 1, consistent: the money decides the warnings). */
async function statusMoveFactsOf(db: Db, ref: ProcessRef): Promise<{ process: Process; facts: StatusMoveFacts }> {
  const collection = await getCustomerCollection(db, ref.userId, { consistent: true });
  const process = collection.processes.find((p) => p.contrato_id === ref.contractId);
  if (!process) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
  const contract = collection.contracts.find((c) => c.id === ref.contractId);
  return {
    process,
    facts: {
      process,
      charges: collection.charges.filter((c) => c.contrato_id === ref.contractId),
      formaPagamento: contract?.forma_pagamento ?? null,
    },
  };
}

/**
 * The status change (docs/decisions.md, Guarded status changes): any status to any other (spec 02 §4), but the guard
 * (domain/status-change.ts) names what an unusual move skips or undoes and then requires a reason, and the court steps
 * require their facts; refused with a 400 naming each missing field. Pattern 13 writes the process (with the court
 * case of 'peticionado'), its history record (from, to, the admin, the customer's note; the reason, warnings and
 * internal note beside them), the counters and the audit record in one transaction conditioned on the status the
 * guard judged; a change that lost a race to another admin's is judged again on the new status and applied after it.
 */
export async function changeAdminProcessStatus(
  deps: AdminProcessesDeps,
  caller: Caller,
  ref: ProcessRef,
  change: StatusChangeBody,
): Promise<AdminProcessRow> {
  const { db } = deps;
  const input = statusChangeBodySchema.parse(change);
  // A blank note is no note: the history keeps null, and the process's own observacoes stay as they were.
  const obs = input.obs?.trim() || undefined;
  let process: Process | null = null;
  let from: ProcessStatus | undefined;
  for (let attempt = 1; !process; attempt += 1) {
    const { process: read, facts } = await statusMoveFactsOf(db, ref);
    if (!read) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
    // Filed only with the filing kit approved: the kit's approval is never undone, so the read decides.
    const kitRefusal = kitStatusRefusal(read, input.status);
    if (kitRefusal) throw new ConflictError(refusal('kit_not_approved', kitRefusal));
    from = read.status;
    const today = saoPauloDay(deps.clock());
    const assessment = assessStatusMove(facts, input.status);
    if (read.status !== input.status) {
      if (assessment.refusal) throw new ConflictError(assessment.refusal);
      const problems = statusMoveProblems(assessment, input, today);
      const first = Object.values(problems)[0];
      if (first) throw new ValidationError(first, problems);
    }
    const filed = input.status === 'peticionado' ? filedCase(input) : null;
    const courtCase = filed ? { ...filed, vara: input.vara ?? null, peticionado_em: input.peticionado_em! } : undefined;
    const decisionDay = input.status === 'baixa_deferida' ? input.data_decisao : input.data_queda;
    const internal = {
      motivo: input.motivo ?? null,
      avisos: warningsLine(assessment.warnings),
      nota_interna: input.nota_interna ?? null,
    };
    // History records sort by time: this change is never stamped before the one it follows.
    const now = new Date(Math.max(deps.clock().getTime(), Date.parse(read.updated_at) + 1)).toISOString();
    const baixaAt = decisionDay ? saoPauloDayStart(decisionDay) : undefined;
    try {
      process = await changeProcessStatus(db, {
        ref,
        to: input.status,
        obs,
        byUser: caller.userId,
        now,
        expectedFrom: read.status,
        courtCase,
        baixaAt,
        internal,
        extraItems: (current) => [
          auditPut(db, {
            at: now,
            actor: { userId: caller.userId, email: caller.email },
            action: 'process-status',
            targetUserId: ref.userId,
            target: { type: 'process', id: current.id },
            before: { status: current.status },
            after: {
              status: input.status,
              obs: obs ?? null,
              ...internal,
              ...courtCase,
              ...(input.status === 'baixa_deferida' && !current.baixa_deferida_em
                ? { baixa_deferida_em: baixaAt ?? now }
                : {}),
              ...(input.status === 'baixa_caiu' && !current.baixa_caiu_em ? { baixa_caiu_em: baixaAt ?? now } : {}),
            },
          }),
        ],
      });
    } catch (error) {
      const lostRace = error instanceof ConflictError && error.message === PROCESS_MESSAGES.changedConcurrently;
      if (!lostRace || attempt >= CHANGE_ATTEMPTS) throw error;
    }
  }
  const funnelStep = PROCESS_STATUS_METRICS[input.status];
  if (funnelStep && from !== input.status) countMetric(funnelStep);
  const context = await rowContextOf(db, [ref], { latestCharges: true });
  return processRow(
    ref.userId,
    process,
    context.profiles.get(ref.userId),
    context.contracts.get(`${ref.userId}#${ref.contractId}`),
    context.latestChargeStatus.get(`${ref.userId}#${ref.contractId}`),
  );
}
