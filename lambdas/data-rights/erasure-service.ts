import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import { ERASURE_REQUESTS_PAGE_SIZE } from '../../domain/api/data-rights.js';
import { DATA_RIGHTS_MESSAGES, erasureRetention, newErasureProtocol } from '../../domain/data-rights.js';
import type { AdminErasureRequest, ErasureRequest } from '../../domain/schemas/data-rights.js';
import { deleteClient, type ClientDeletionDeps } from '../admin/clients/admin-clients-service.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getCustomerCollection, getProfileByUser } from '../shared/data/customers.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import {
  completeErasureRequest,
  createErasureRequest,
  eraseUnretainedData,
  erasureRequestByProtocol,
  listErasureRequests,
  markErasureRetained,
  openErasureRequest,
  type ErasureRequestRecord,
} from '../shared/data/data-rights.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { erasureRequestEmail } from './erasure-emails.js';
import { refusal } from '../../domain/refusals.js';

/** The customer's view of a request: no copies of their own name and e-mail, no internal ids. */
export function erasureRequestView(record: ErasureRequestRecord): ErasureRequest {
  return {
    protocolo: record.protocolo,
    status: record.status,
    created_at: record.created_at,
    updated_at: record.updated_at,
    retida_ate: record.retida_ate,
    concluida_em: record.concluida_em,
  };
}

/** /app/perfil: the caller's open request (pattern 61 b). */
export async function getMyErasureRequest(db: Db, caller: Caller): Promise<{ request: ErasureRequest | null }> {
  const open = await openErasureRequest(db, caller.userId);
  return { request: open ? erasureRequestView(open) : null };
}

export type RequestErasureDeps = {
  db: Db;
  clock: Clock;
  sendEmail: SendEmail;
  appUrl: string;
  /** A CSPRNG (node:crypto's by default): protocols must not be guessable. */
  randomBytes?: (size: number) => Uint8Array;
};

/**
 * 'Solicitar exclusão' (pattern 61 a): one open request per customer, whatever the clicks or tabs — the guard's
 * condition decides, and a caller who loses the race (or asks again) gets the open request back, with no second
 * e-mail. The confirmation goes to the address of the verified token. A failed e-mail does not undo the request: the
 * screen shows its protocol either way, and the admins see it.
 */
export async function requestErasure(
  deps: RequestErasureDeps,
  caller: Caller,
): Promise<{ request: ErasureRequest; created: boolean }> {
  const { db } = deps;
  const existing = await openErasureRequest(db, caller.userId);
  if (existing) {
    // Its confirmation was sent (the marker says so) unless its sender died first: then this request sends it.
    const profile = await getProfileByUser(db, caller.userId);
    if (profile) await confirmOnce(deps, existing, profile.nome_completo);
    return { request: erasureRequestView(existing), created: false };
  }
  const profile = await getProfileByUser(db, caller.userId);
  if (!profile) throw new ConflictError(refusal('profile_missing', DATA_RIGHTS_MESSAGES.erasureNeedsProfile));
  const now = deps.clock();
  const record: ErasureRequestRecord = {
    protocolo: newErasureProtocol(now, deps.randomBytes ?? cryptoRandomBytes),
    user_id: caller.userId,
    profile_id: profile.id,
    nome_completo: profile.nome_completo,
    email: caller.email || profile.email,
    status: 'recebida',
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    retida_ate: null,
    concluida_em: null,
  };
  const created = await createErasureRequest(db, record);
  if (!created) {
    const open = await openErasureRequest(db, caller.userId);
    if (!open) throw new ConflictError(refusal('changed_concurrently', DATA_RIGHTS_MESSAGES.changedConcurrently));
    return { request: erasureRequestView(open), created: false };
  }
  await confirmOnce(deps, record, profile.nome_completo);
  logger.info('Erasure requested', { protocolo: record.protocolo });
  return { request: erasureRequestView(record), created: true };
}

/** The request's confirmation, once per request (pattern 66); a failure is logged, and the next request retries it. */
async function confirmOnce(deps: RequestErasureDeps, record: ErasureRequestRecord, userName: string): Promise<void> {
  if (!record.email) return;
  const to = record.email;
  try {
    await sendEmailOnce(deps.db, emailOnceKeys.erasureRequest(record.protocolo), deps.clock(), () =>
      deps.sendEmail(to, {
        ...erasureRequestEmail(deps.appUrl, { userName, protocolo: record.protocolo, createdAt: record.created_at }),
        caseFileOf: record.user_id,
      }),
    );
  } catch (error) {
    logger.error('Erasure request e-mail failed', { protocolo: record.protocolo, error: error as Error });
  }
}

/** What the retention rule says today about a request's client; null once the client is gone. */
async function retentionOf(db: Db, record: ErasureRequestRecord, now: Date) {
  if (record.status === 'concluida') return null;
  const collection = await getCustomerCollection(db, record.user_id);
  if (!collection.profile) return null;
  return erasureRetention(collection, now);
}

async function adminView(db: Db, record: ErasureRequestRecord, now: Date): Promise<AdminErasureRequest> {
  const retention = await retentionOf(db, record, now);
  return {
    ...erasureRequestView(record),
    profile_id: record.profile_id,
    nome_completo: record.nome_completo,
    email: record.email,
    guarda: retention ? { retida_ate: retention.retainedUntil, motivos: retention.reasons } : null,
  };
}

/** The admins' list (pattern 61 d), each open request with what the retention rule says today. */
export async function listErasureRequestsForAdmin(
  deps: { db: Db; clock: Clock },
  query: { cursor?: string },
): Promise<{ requests: AdminErasureRequest[]; cursor: string | null }> {
  const page = await listErasureRequests(deps.db, { limit: ERASURE_REQUESTS_PAGE_SIZE, cursor: query.cursor ?? null });
  const now = deps.clock();
  return {
    requests: await Promise.all(page.items.map((record) => adminView(deps.db, record, now))),
    cursor: page.cursor,
  };
}

/**
 * Carries a request out as far as the law allows today (docs/decisions.md, LGPD self-service). With signed contracts
 * or payments still under retention: what need not be kept goes at once (pattern 61 g) and the request is `retida`
 * until the date. With nothing to keep: the client's deletion (pattern 28, with its own checks: an admin is never
 * deleted, money still moving refuses) and the request is `concluida`. Running it again repeats only what is left.
 */
export async function executeErasureRequest(
  deps: ClientDeletionDeps,
  params: { protocolo: string; caller: Caller },
): Promise<{ request: AdminErasureRequest }> {
  const { db } = deps;
  const record = await erasureRequestByProtocol(db, params.protocolo);
  if (!record) throw new NotFoundError(DATA_RIGHTS_MESSAGES.requestNotFound);
  if (record.status === 'concluida') return { request: await adminView(db, record, deps.clock()) };
  const now = deps.clock();
  const retention = await retentionOf(db, record, now);
  if (retention?.retainedUntil) {
    const erased = await eraseUnretainedData(db, record.user_id);
    const kept =
      record.status === 'retida' && record.retida_ate === retention.retainedUntil
        ? record
        : await markErasureRetained(db, record, { retainedUntil: retention.retainedUntil, now: now.toISOString() });
    logger.info('Erasure request retained', { protocolo: record.protocolo, ...erased });
    return { request: await adminView(db, kept, now) };
  }
  if (retention) {
    await deleteClient(deps, {
      profileId: record.profile_id,
      confirmation: record.profile_id,
      caller: params.caller,
      // Received money under no retention any more (the rule found none to keep): it is years settled.
      retentionElapsed: retention.reasons.length > 0,
    });
  }
  const done = await completeErasureRequest(db, record, deps.clock().toISOString());
  logger.info('Erasure request completed', { protocolo: record.protocolo });
  return { request: await adminView(db, done, now) };
}
