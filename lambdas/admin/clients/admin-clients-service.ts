import { kitView } from '../../../domain/api/filing-kit.js';
import { ADMIN_CLIENTS_PAGE_SIZE, type ClientSort } from '../../../domain/api/admin-clients.js';
import { caseFileTimeline } from '../../../domain/case-file.js';
import { ADMIN_CLIENT_MESSAGES } from '../../../domain/messages.js';
import type { AdminClientDetail, AdminClientRow, ClientDeletion } from '../../../domain/schemas/admin-clients.js';
import { latePaymentExecutionName } from '../../payments/charge-status-service.js';
import type { DocumentEraser } from '../../providers/documents.js';
import type { Workflow } from '../../providers/workflow.js';
import type { UserAccounts } from '../../providers/user-accounts.js';
import type { Caller } from '../../shared/caller.js';
import type { Clock } from '../../shared/clock.js';
import { clientActivityOf, listClients, searchClientPage, type Page } from '../../shared/data/admin-lists.js';
import { auditTrailOf } from '../../shared/data/audit.js';
import {
  clientItemsBesidesProfile,
  deleteCountedItems,
  deleteItemKeys,
  deleteProfileAndGuards,
  findClientToDelete,
  findReferralOfInvitee,
  isCountedItem,
  markClientDeleting,
  markUserDeleted,
  noDeletionCounts,
  outsideKeysOf,
  recordDeletionProgress,
  type ClientToDelete,
  type DeletionCounts,
} from '../../shared/data/client-deletion.js';
import { caseFileRecords } from '../../shared/data/case-file.js';
import { emailSuppressionOf } from '../../shared/data/email-suppressions.js';
import { findUserByProfileId } from '../../shared/data/lookups.js';
import { deleteWhatsAppPointersOf } from '../../shared/data/whatsapp.js';
import type { Db } from '../../shared/data/table.js';
import { ITEM_TYPE } from '../../shared/data/items.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { logger } from '../../shared/logger.js';
import { settleClientMoney, type ClientCharge, type ClientMoneyAsaas } from './client-money.js';

/**
 * /admin/clientes: one page of gsi1 (pattern 20, oldest first for 'antigos'), or one page of a search's matches with
 * its cursor (pattern 86: name, e-mail, document, protocol pieces, CNJ number), each client with their current
 * process's status and last activity (pattern 103). Never everything, never a silent cut.
 */
export async function listAdminClients(
  db: Db,
  query: { search?: string; cursor?: string; ordem?: ClientSort },
): Promise<Page<AdminClientRow>> {
  const search = query.search?.trim();
  const page = search
    ? await searchClientPage(db, search, { limit: ADMIN_CLIENTS_PAGE_SIZE, cursor: query.cursor ?? null })
    : await listClients(db, {
        limit: ADMIN_CLIENTS_PAGE_SIZE,
        cursor: query.cursor ?? null,
        oldestFirst: query.ordem === 'antigos',
      });
  const activity = await clientActivityOf(db, page.items);
  return {
    items: page.items.map((client) => ({
      ...client,
      process_status: activity.get(client.user_id)?.processStatus ?? null,
      last_activity_at: activity.get(client.user_id)?.lastActivityAt ?? client.created_at,
    })),
    cursor: page.cursor,
  };
}

/**
 * /admin/clientes/{id}, the case file (pattern 21 → pattern 85, the audit trail and the address's SES report): the
 * profile, each contract with its charges, the processes with their contract's protocol, the admin actions, and one
 * timeline of everything that happened, newest first.
 */
export async function getAdminClientDetail(db: Db, profileId: string): Promise<AdminClientDetail> {
  const userId = await findUserByProfileId(db, profileId);
  const collection = userId ? await caseFileRecords(db, userId) : null;
  if (!userId || !collection?.profile || collection.profile.id !== profileId) {
    throw new NotFoundError(ADMIN_CLIENT_MESSAGES.clientNotFound);
  }
  const [audit, suppression] = await Promise.all([
    auditTrailOf(db, userId),
    emailSuppressionOf(db, collection.profile.email),
  ]);
  const timeline = caseFileTimeline({
    profile: collection.profile,
    accountConfirmedAt: collection.accountConfirmedAt,
    contracts: collection.contracts,
    charges: collection.charges,
    processes: collection.processes,
    history: collection.history,
    audit,
    sentEmails: collection.sentEmails,
    suppression,
    internalNotes: collection.internalNotes,
    kit: collection.kit,
    movements: collection.movements,

    reminders: collection.reminders,
  });
  const current = [...collection.processes].sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
  const protocolOf = new Map(collection.contracts.map((contract) => [contract.id, contract.protocolo]));
  return {
    profile: {
      ...collection.profile,
      has_contract: collection.contracts.some((contract) => contract.assinado_em !== null),
      contract_count: collection.contracts.length,
      process_count: collection.processes.length,
    },
    contracts: collection.contracts.map(({ assinatura: _evidence, ...contract }) => ({
      ...contract,
      charges: collection.charges.filter((charge) => charge.contrato_id === contract.id),
    })),
    processes: collection.processes.map((process) => ({
      ...process,
      protocolo: protocolOf.get(process.contrato_id) ?? '',
    })),
    audit,
    timeline,
    kit: kitView({
      profile: collection.profile,
      process: current,
      contract: current ? (collection.contracts.find((c) => c.id === current.contrato_id) ?? null) : null,
      items: collection.kit,
    }),
  };
}

export type ClientDeletionDeps = {
  db: Db;
  clock: Clock;
  accounts: UserAccounts;
  documents: DocumentEraser;
  asaas: ClientMoneyAsaas;
  workflow: Pick<Workflow, 'stop'>;
};

/** Rounds of "read what is left, delete it": a second one catches what a still-valid session wrote meanwhile. */
const PURGE_ROUNDS = 3;

/**
 * Deletes a client with all their data (pattern 28; spec 02 §7 delete_client_data). Order: refuse an admin; the money
 * side at Asaas first (refused while money was received; open payments and the Asaas customers removed — Asaas down
 * answers 502 with nothing of ours deleted); mark the profile (off the list and the search at once, and no new Asaas
 * customer for it); stop the charges' workflow executions; documents in S3 with every version (their prefixes are named
 * by the contract items, so before those); pointers, markers and tokens; counted items with their counters; the rest
 * of the partition; the Cognito user; last, the profile with its guards, the client counter and the audit record in
 * one transaction. Each step tolerates what an earlier, interrupted run already did, so running it again finishes the
 * deletion.
 */
export async function deleteClient(
  deps: ClientDeletionDeps,
  params: {
    profileId: string;
    confirmation: string;
    caller: Caller;
    /**
     * An LGPD erasure whose legal retention has ended (lambdas/data-rights): the money it received is years settled, so
     * the money gate does not refuse (open payments and the Asaas customer are still removed).
     */
    retentionElapsed?: boolean;
  },
): Promise<ClientDeletion> {
  if (params.confirmation !== params.profileId) {
    throw new ValidationError(ADMIN_CLIENT_MESSAGES.deleteConfirmationMissing, {
      confirmacao: ADMIN_CLIENT_MESSAGES.deleteConfirmationMissing,
    });
  }
  const { db } = deps;
  const client = await findClientToDelete(db, params.profileId);
  if (!client) throw new NotFoundError(ADMIN_CLIENT_MESSAGES.clientNotFound);
  if (client.userId === params.caller.userId || (await deps.accounts.isAdmin(client.userId))) {
    throw new ConflictError(ADMIN_CLIENT_MESSAGES.cannotDeleteAdmin);
  }
  // The money gate holds until our data starts going (the mark); a run after that must finish what it started.
  const beforeTheMark = typeof client.item.deleting_at !== 'string';
  const charges = chargesOf(await clientItemsBesidesProfile(db, client.userId));
  const storedCustomerId = typeof client.item.asaas_customer_id === 'string' ? client.item.asaas_customer_id : null;
  // Each removal at Asaas is counted on the profile as it happens: a run that fails later still answers it.
  const removed = async (counts: { removed_payments: number; deleted_asaas_customers: number }) => {
    await recordDeletionProgress(db, client.userId, { ...noDeletionCounts(), ...counts });
  };
  await settleClientMoney(
    deps.asaas,
    { profileId: client.profile.id, storedCustomerId, charges },
    { refuseOnMoney: beforeTheMark && !params.retentionElapsed, removed },
  );

  const startedAt = deps.clock();
  // First the user, then the profile: from here on no still-open tab of theirs can create a profile again.
  await markUserDeleted(db, client.userId, startedAt);
  await markClientDeleting(db, client.userId, startedAt.toISOString());
  if (beforeTheMark) {
    // A customer a still-valid session made at Asaas between the settlement and the mark (none can be made after it,
    // pattern 59): removed too, with its payments.
    await settleClientMoney(
      deps.asaas,
      { profileId: client.profile.id, storedCustomerId: null, charges: [] },
      { refuseOnMoney: false, removed },
    );
  }
  // Read again: a charge made before the mark has its execution too (after it, pattern 59 gives no customer, so no
  // charge can be made).
  const chargesNow = chargesOf(await clientItemsBesidesProfile(db, client.userId));
  await stopExecutions(deps.workflow, chargesNow, async () => {
    await recordDeletionProgress(db, client.userId, { ...noDeletionCounts(), stopped_executions: 1 });
  });

  // Progress is added up on the profile after each purge, so a run that fails later still answers the whole count.
  await recordDeletionProgress(db, client.userId, await purge(deps, client, { withInvitee: true }));
  await deps.accounts.deleteUser(client.userId);
  const totals = await recordDeletionProgress(db, client.userId, await purge(deps, client, { withInvitee: false }));

  const deleted = await deleteProfileAndGuards(db, client, (item) => ({
    at: deps.clock().toISOString(),
    actor: { userId: params.caller.userId, email: params.caller.email },
    action: 'client-delete',
    targetUserId: client.userId,
    target: { type: 'client', id: client.profile.id },
    // Counts only: the trail outlives the client and keeps none of their personal data.
    before: {
      has_contract: item.has_contract === true,
      contract_count: typeof item.contract_count === 'number' ? item.contract_count : 0,
      process_count: typeof item.process_count === 'number' ? item.process_count : 0,
    },
    after: { ...totals },
  }));
  logger.info('Client deleted', { profileId: client.profile.id, finishedHere: deleted, ...totals });
  return totals;
}

/** The charges among a partition's items, each with its contract's protocol (to name it in a refusal). */
function chargesOf(items: Record<string, unknown>[]): ClientCharge[] {
  const protocolOf = new Map(
    items.filter((item) => item.type === ITEM_TYPE.contract).map((item) => [String(item.id), String(item.protocolo)]),
  );
  return items
    .filter((item) => item.type === ITEM_TYPE.charge && typeof item.id === 'string' && typeof item.status === 'string')
    .map((item) => ({
      id: item.id as string,
      status: item.status as string,
      asaas_id: typeof item.asaas_id === 'string' ? item.asaas_id : null,
      protocolo: protocolOf.get(String(item.contrato_id)) ?? null,
    }));
}

/**
 * Stops the workflow executions still running for the client's charges — the charge's own and a late payment's — so
 * nothing writes or e-mails for a client being deleted; each one stopped is counted as it is.
 */
async function stopExecutions(
  workflow: Pick<Workflow, 'stop'>,
  charges: ClientCharge[],
  stopped: () => Promise<void>,
): Promise<void> {
  for (const charge of charges) {
    for (const name of [charge.id, latePaymentExecutionName(charge.id)]) {
      const outcome = await workflow.stop(name, 'ClientDeleted', 'O cliente foi excluído por um administrador.');
      if (outcome === 'stopped') await stopped();
    }
  }
}

async function purge(
  deps: ClientDeletionDeps,
  client: ClientToDelete,
  options: { withInvitee: boolean },
): Promise<DeletionCounts> {
  const { db } = deps;
  const counts = noDeletionCounts();
  // The customer's own folder holds the Nada Consta PDFs; contract PDFs live under each contract's id. Every version.
  counts.deleted_documents += await deps.documents.eraseUnder(`customers/${client.userId}/`);
  const invitee = options.withInvitee ? await findReferralOfInvitee(db, client.profile) : null;
  for (let round = 0; round < PURGE_ROUNDS; round += 1) {
    const items = await clientItemsBesidesProfile(db, client.userId);
    const all = invitee && round === 0 ? [...items, invitee] : items;
    if (all.length === 0) break;
    for (const item of items) {
      if (item.type === ITEM_TYPE.contract && typeof item.id === 'string') {
        counts.deleted_documents += await deps.documents.eraseUnder(`contracts/${item.id}/`);
      }
    }
    await deleteItemKeys(db, outsideKeysOf(client.userId, client.profile, all));
    await deleteWhatsAppPointersOf(db, client.userId, items);
    const counted = all.filter(isCountedItem);
    await deleteCountedItems(db, counted);
    await deleteItemKeys(
      db,
      items.filter((item) => !isCountedItem(item)).map(({ pk, sk }) => ({ pk, sk })),
    );
    counts.deleted_contracts += items.filter((item) => item.type === ITEM_TYPE.contract).length;
    counts.deleted_processes += counted.filter((item) => item.type === ITEM_TYPE.process).length;
    counts.deleted_charges += counted.filter((item) => item.type === ITEM_TYPE.charge).length;
    counts.deleted_referrals += counted.filter((item) => item.type === ITEM_TYPE.referral).length;
  }
  return counts;
}
