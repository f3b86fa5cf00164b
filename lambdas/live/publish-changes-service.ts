import { paymentMethodLabel } from '../../domain/payment-methods.js';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { LiveMessage } from '../../domain/live.js';
import type { AdminDirectory } from '../providers/admins.js';
import type { SendEmail } from '../providers/email.js';
import type { Push } from '../providers/push.js';
import type { Clock } from '../shared/clock.js';
import { connectionsOf, forgetConnection } from '../shared/data/connections.js';
import { latestChargeOfContract } from '../shared/data/charges.js';
import { getContract } from '../shared/data/contracts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { adminAlertEmailLease, statusNoticeLease } from '../shared/data/markers.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { changeOf, type CustomerChange } from './changes.js';
import { adminAlertEmail, courtMovementEmail, statusUpdateEmail } from './status-emails.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import { getProcess } from '../shared/data/processes.js';
import type { StoredAdminAlert } from '../shared/data/admin-alerts.js';
import { formatCnjNumber } from '../../domain/cnj-number.js';
import { firstName } from '../../domain/first-name.js';
import { formatBRL } from '../../domain/pricing.js';
import type { WhatsApp } from '../providers/whatsapp.js';
import { sendWhatsAppOnce, type WhatsAppOnceOutcome } from '../shared/whatsapp-notices.js';

export type PublishDeps = {
  db: Db;
  clock: Clock;
  push: Push;
  sendEmail: SendEmail;
  admins: AdminDirectory;
  appUrl: string;
  /** The status notices' WhatsApp twins (null or absent: none, as on a stage without a WhatsApp number). */
  whatsapp?: WhatsApp | null;
};

/** The stream consumer's timeout (lib's default): a live sender is never overtaken by a retry. */
const NOTICE_LEASE_SECONDS = 10;

/**
 * The table's stream → customers (pattern 40). One consumer, so no writer can forget to tell the customer: every process
 * status change is pushed to the customer's open screens and e-mailed ('status-update', spec 02 §4) once; a charge's
 * status change is pushed. Records are handled in order and the first failure is reported (ReportBatchItemFailures), so
 * the stream retries from there and never skips a change.
 */
export async function publishChanges(deps: PublishDeps, records: DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  for (const record of records) {
    const change = changeOf(record);
    if (!change) continue;
    try {
      await publishChange(deps, change);
    } catch (error) {
      logger.error('Change not published; the stream will retry it', {
        error: error as Error,
        eventId: record.eventID,
      });
      // Lambda retries from the lowest failed sequence number: this record and every one after it come back.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}

async function publishChange(deps: PublishDeps, change: CustomerChange): Promise<void> {
  if (change.kind === 'admin-alert') {
    await sendAdminAlertOnce(deps, change.alert);
  } else if (change.kind === 'process-status') {
    await pushToCustomer(deps, change.userId, {
      type: 'process-status',
      contractId: change.contractId,
      from: change.from,
      to: change.to,
      self: change.byUser === change.userId,
    });
    // The customer's own step (signing) needs no notice: they took it, and its own e-mail ('contract-signed') says so.
    if (change.byUser !== change.userId) {
      await sendStatusNoticeOnce(deps, change);
      await sendStatusWhatsApp(deps, change);
    }
  } else if (change.kind === 'court-movement') {
    await pushToCustomer(deps, change.userId, { type: 'court-movement', contractId: change.contractId });
    if (change.movement.kind !== 'outro') {
      await sendCourtMovementOnce(deps, change);
      await sendCourtMovementWhatsApp(deps, change);
    }
  } else {
    await pushToCustomer(deps, change.userId, {
      type: 'charge-status',
      contractId: change.contractId,
      chargeId: change.chargeId,
      status: change.status,
    });
  }
}

/**
 * Best effort, to every screen the customer has open: a failed push is logged, not retried (retrying would repeat the
 * e-mail's work for a notice the screen also gets by refetching when it reconnects); a connection the browser left is
 * forgotten.
 */
async function pushToCustomer(deps: PublishDeps, userId: string, message: LiveMessage): Promise<void> {
  const connections = await connectionsOf(deps.db, userId, deps.clock());
  await Promise.all(
    connections.map(async (connectionId) => {
      try {
        if ((await deps.push(connectionId, message)) === 'gone') await forgetConnection(deps.db, connectionId, userId);
      } catch (error) {
        logger.warn('Push failed', { error: error as Error, connectionId });
      }
    }),
  );
}

/**
 * Pattern 49's e-mail, once, to every admin, under the same lease as the status notice. Every send failing fails the
 * record (the stream retries); no admin at all is logged loudly and the alert stays stored for the back office.
 */
async function sendAdminAlertOnce(deps: PublishDeps, alert: StoredAdminAlert): Promise<void> {
  const lease = adminAlertEmailLease(deps.db, alert.id);
  const claim = await lease.claim({ now: deps.clock(), leaseSeconds: NOTICE_LEASE_SECONDS });
  if (claim === 'done') return;
  if (claim === 'busy') throw new Error(`Admin alert ${alert.id} is being sent by another delivery`);
  try {
    const recipients = await deps.admins.adminEmails();
    if (recipients.length === 0) logger.error('Admin alert stored but no admin to tell', { alertId: alert.id });
    const email = adminAlertEmail(deps.appUrl, alert);
    const results = await Promise.allSettled(recipients.map((to) => deps.sendEmail(to, email)));
    if (recipients.length > 0 && results.every((result) => result.status === 'rejected')) {
      throw new Error(`Admin alert ${alert.id} reached no admin`);
    }
  } catch (error) {
    await lease.release();
    throw error;
  }
  await lease.complete(deps.clock());
}

/**
 * One e-mail per change: the marker is claimed (leased) before sending, given back if sending fails and completed once
 * sent, so a retry sends it — also after a crash between claim and send, once the lease has lapsed.
 */
async function sendStatusNoticeOnce(
  deps: PublishDeps,
  change: Extract<CustomerChange, { kind: 'process-status' }>,
): Promise<void> {
  const lease = statusNoticeLease(deps.db, change.userId, change.changeId);
  const claim = await lease.claim({ now: deps.clock(), leaseSeconds: NOTICE_LEASE_SECONDS });
  if (claim === 'done') return;
  // Another delivery of this record holds it, or a crashed one's lease has not lapsed: fail the record, so the stream
  // retries it and the e-mail is sent once the lease is free.
  if (claim === 'busy') throw new Error(`Status notice ${change.changeId} is being sent by another delivery`);
  try {
    const [profile, contract] = await Promise.all([
      getProfileByUser(deps.db, change.userId),
      getContract(deps.db, change.userId, change.contractId),
    ]);
    // A client deleted meanwhile has no one to tell.
    if (!profile || !contract) return;
    // A payment's notice is its receipt: the charge that was paid (the newest of the contract), read consistently.
    const charge =
      change.to === 'pago' ? await latestChargeOfContract(deps.db, change.userId, change.contractId) : null;
    await deps.sendEmail(profile.email, {
      ...statusUpdateEmail(deps.appUrl, {
        userName: profile.nome_completo,
        protocolo: contract.protocolo,
        statusAnterior: change.from,
        novoStatus: change.to,
        observacoes: change.obs,
        receipt: charge?.paid_at
          ? {
              valor: charge.valor ?? contract.valor,
              paidAt: charge.paid_at,
              method: paymentMethodLabel(charge),
            }
          : null,
      }),
      caseFileOf: change.userId,
    });
  } catch (error) {
    await lease.release();
    throw error;
  }
  await lease.complete(deps.clock());
}

/**
 * The e-mail of a court movement that matters, once per movement (pattern 66). One held by another delivery fails the
 * record, so the stream retries it once that sender is done (or its lease has lapsed).
 */
async function sendCourtMovementOnce(
  deps: PublishDeps,
  change: Extract<CustomerChange, { kind: 'court-movement' }>,
): Promise<void> {
  const [profile, contract, process] = await Promise.all([
    getProfileByUser(deps.db, change.userId),
    getContract(deps.db, change.userId, change.contractId),
    getProcess(deps.db, { userId: change.userId, contractId: change.contractId }),
  ]);
  // A client deleted meanwhile has no one to tell.
  if (!profile || !contract || !process?.numero_cnj) return;
  const numeroCnj = process.numero_cnj;
  const outcome = await sendEmailOnce(
    deps.db,
    emailOnceKeys.courtMovement(change.userId, change.contractId, change.movement.id),
    deps.clock(),
    () =>
      deps.sendEmail(
        profile.email,
        courtMovementEmail(deps.appUrl, {
          userName: profile.nome_completo,
          protocolo: contract.protocolo,
          numeroCnj,
          tribunal: process.tribunal ?? null,
          texto: change.movement.texto,
          dataHora: change.movement.data_hora,
        }),
      ),
  );
  if (outcome === 'being-sent') throw new Error(`Court movement e-mail ${change.movement.id} is being sent`);
}

/** The statuses whose news also goes by WhatsApp (to consenting customers), beside the e-mail that always goes. */
const WHATSAPP_STATUS_TEMPLATES = {
  pago: 'paymentConfirmed',
  em_analise: 'kitApproved',
  peticionado: 'caseFiled',
  baixa_deferida: 'removalGranted',
  baixa_caiu: 'removalFell',
} as const;

/**
 * A status change's WhatsApp, once per change (its own outbox entry, apart from the e-mail's marker, so a retry after
 * the e-mail went still sends it). Not retried through the stream when WhatsApp is down: the e-mail already told the
 * customer, and holding the shard would delay every other customer's notices.
 */
async function sendStatusWhatsApp(
  deps: PublishDeps,
  change: Extract<CustomerChange, { kind: 'process-status' }>,
): Promise<void> {
  const whatsapp = deps.whatsapp ?? null;
  if (!whatsapp || !(change.to in WHATSAPP_STATUS_TEMPLATES)) return;
  const template = WHATSAPP_STATUS_TEMPLATES[change.to as keyof typeof WHATSAPP_STATUS_TEMPLATES];
  const [profile, contract, process] = await Promise.all([
    getProfileByUser(deps.db, change.userId),
    getContract(deps.db, change.userId, change.contractId),
    getProcess(deps.db, { userId: change.userId, contractId: change.contractId }),
  ]);
  if (!profile || !contract) return;
  const common = { nome: firstName(profile.nome_completo) ?? profile.nome_completo, protocolo: contract.protocolo };
  const notice = { userId: change.userId, onceKey: `status#${change.changeId}` };
  const outbox = { db: deps.db, clock: deps.clock, whatsapp };
  let outcome: WhatsAppOnceOutcome;
  if (template === 'paymentConfirmed') {
    const charge = await latestChargeOfContract(deps.db, change.userId, change.contractId);
    outcome = await sendWhatsAppOnce(outbox, {
      ...notice,
      template,
      params: { ...common, valor: formatBRL(charge?.valor ?? contract.valor) },
    });
  } else if (template === 'caseFiled') {
    if (!process?.numero_cnj) return;
    outcome = await sendWhatsAppOnce(outbox, {
      ...notice,
      template,
      params: { ...common, numero_cnj: formatCnjNumber(process.numero_cnj) },
    });
  } else {
    outcome = await sendWhatsAppOnce(outbox, { ...notice, template, params: common });
  }
  if (outcome === 'unavailable') logger.warn('Status WhatsApp not sent; the e-mail told the customer', { template });
}

/** A court movement that matters, by WhatsApp too (once per movement), with the movement in plain Portuguese. */
async function sendCourtMovementWhatsApp(
  deps: PublishDeps,
  change: Extract<CustomerChange, { kind: 'court-movement' }>,
): Promise<void> {
  const whatsapp = deps.whatsapp ?? null;
  if (!whatsapp) return;
  const [profile, contract] = await Promise.all([
    getProfileByUser(deps.db, change.userId),
    getContract(deps.db, change.userId, change.contractId),
  ]);
  if (!profile || !contract) return;
  await sendWhatsAppOnce(
    { db: deps.db, clock: deps.clock, whatsapp },
    {
      userId: change.userId,
      onceKey: `andamento#${change.contractId}#${change.movement.id}`,
      template: 'courtMovement',
      params: {
        nome: firstName(profile.nome_completo) ?? profile.nome_completo,
        protocolo: contract.protocolo,
        andamento: change.movement.texto,
      },
    },
  );
}
