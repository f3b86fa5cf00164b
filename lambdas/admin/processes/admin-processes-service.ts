import { kitStatusRefusal } from '../../../domain/filing-kit.js';
import { refusal } from '../../../domain/refusals.js';
import { ADMIN_PAGE_SIZE, type AdminProcessRow } from '../../../domain/api/admin-processes.js';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import type { ProcessStatus } from '../../../domain/process-status.js';
import { parseProtocol } from '../../../domain/protocol.js';
import type { Contract, Process, Profile } from '../../../domain/schemas/entities.js';
import type { Caller } from '../../shared/caller.js';
import type { Clock } from '../../shared/clock.js';
import { listProcesses, rowContextOf, searchClients, type Page } from '../../shared/data/admin-lists.js';
import { auditPut } from '../../shared/data/audit.js';
import { getCustomerCollection } from '../../shared/data/customers.js';
import { findContractByProtocol } from '../../shared/data/lookups.js';
import { changeProcessStatus, getProcess, type ProcessRef } from '../../shared/data/processes.js';
import type { Db } from '../../shared/data/table.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';
import { PROCESS_STATUS_METRICS } from '../../shared/metric-names.js';
import { countMetric } from '../../shared/metrics.js';

export type AdminProcessesDeps = { db: Db; clock: Clock };

export type AdminListQuery<S> = { search?: string; status?: S; cursor?: string };

function processRow(
  userId: string,
  process: Process,
  profile: Profile | null | undefined,
  contract: Contract | null | undefined,
): AdminProcessRow {
  return {
    ...process,
    user_id: userId,
    profile_id: profile?.id ?? null,
    protocolo: contract?.protocolo ?? null,
    nome_cliente: profile?.nome_completo ?? null,
    email_cliente: profile?.email ?? null,
  };
}

/**
 * /admin/processos (patterns 22, 27, 38): without a search, one page of gsi1 (or of the status's gsi2 partition) and
 * one BatchGetItem for its clients and protocols; a protocol is an exact pointer read; a name goes through the search
 * tokens to at most one page of clients, whose few processes are read by pattern 1 and filtered by status.
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
      const context = await rowContextOf(db, [owner]);
      const row = processRow(
        owner.userId,
        process,
        context.profiles.get(owner.userId),
        context.contracts.get(`${owner.userId}#${owner.contractId}`),
      );
      return { items: [row], cursor: null };
    }
    const clients = await searchClients(db, search, ADMIN_PAGE_SIZE);
    const collections = await Promise.all(clients.map((client) => getCustomerCollection(db, client.user_id)));
    const items = collections.flatMap((collection, i) =>
      collection.processes.filter(keep).map((process) =>
        processRow(
          clients[i]!.user_id,
          process,
          clients[i],
          collection.contracts.find((c) => c.id === process.contrato_id),
        ),
      ),
    );
    return { items, cursor: null };
  }
  const page = await listProcesses(db, { status: query.status, cursor: query.cursor, limit: ADMIN_PAGE_SIZE });
  const context = await rowContextOf(
    db,
    page.items.map(({ userId, entity }) => ({ userId, contractId: entity.contrato_id })),
  );
  return {
    items: page.items.map(({ userId, entity }) =>
      processRow(
        userId,
        entity,
        context.profiles.get(userId),
        context.contracts.get(`${userId}#${entity.contrato_id}`),
      ),
    ),
    cursor: page.cursor,
  };
}

/** Attempts at a status change that keeps losing to concurrent changes before it fails loudly. */
const CHANGE_ATTEMPTS = 5;

/**
 * The inline status selector: any status to any other (spec 02 §4). Pattern 13 writes the process, its history record
 * (from, to, the admin, the note), the counters and the audit record in one transaction conditioned on the status
 * read; a change that lost a race to another admin's is read again and applied after it, so both are recorded, in
 * order.
 */
export async function changeAdminProcessStatus(
  deps: AdminProcessesDeps,
  caller: Caller,
  ref: ProcessRef,
  change: { status: ProcessStatus; obs?: string | null },
): Promise<AdminProcessRow> {
  const { db } = deps;
  // A blank note is no note: the history keeps null, and the process's own observacoes stay as they were.
  const obs = change.obs?.trim() || undefined;
  let process: Process | null = null;
  let from: ProcessStatus | undefined;
  for (let attempt = 1; !process; attempt += 1) {
    const read = await getProcess(db, ref);
    if (!read) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
    // Filed only with the filing kit approved (issue 30): the kit's approval is never undone, so the read decides.
    const kitRefusal = kitStatusRefusal(read, change.status);
    if (kitRefusal) throw new ConflictError(refusal('kit_not_approved', kitRefusal));
    from = read.status;
    // History records sort by time: this change is never stamped before the one it follows.
    const now = new Date(Math.max(deps.clock().getTime(), Date.parse(read.updated_at) + 1)).toISOString();
    try {
      process = await changeProcessStatus(db, {
        ref,
        to: change.status,
        obs,
        byUser: caller.userId,
        now,
        extraItems: (current) => [
          auditPut(db, {
            at: now,
            actor: { userId: caller.userId, email: caller.email },
            action: 'process-status',
            targetUserId: ref.userId,
            target: { type: 'process', id: current.id },
            before: { status: current.status },
            after: {
              status: change.status,
              obs: obs ?? null,
              ...(change.status === 'baixa_deferida' && !current.baixa_deferida_em ? { baixa_deferida_em: now } : {}),
              ...(change.status === 'baixa_caiu' && !current.baixa_caiu_em ? { baixa_caiu_em: now } : {}),
            },
          }),
        ],
      });
    } catch (error) {
      const lostRace = error instanceof ConflictError && error.message === PROCESS_MESSAGES.changedConcurrently;
      if (!lostRace || attempt >= CHANGE_ATTEMPTS) throw error;
    }
  }
  const funnelStep = PROCESS_STATUS_METRICS[change.status];
  if (funnelStep && from !== change.status) countMetric(funnelStep);
  const context = await rowContextOf(db, [ref]);
  return processRow(
    ref.userId,
    process,
    context.profiles.get(ref.userId),
    context.contracts.get(`${ref.userId}#${ref.contractId}`),
  );
}
