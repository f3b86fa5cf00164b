import { ulid } from 'ulid';
import { kitView, type KitView } from '../../domain/api/filing-kit.js';
import {
  KIT_MESSAGES,
  KIT_UPLOAD_LIMITS,
  kitFileName,
  kitItemDefinition,
  kitProgress,
  kitRefusalFix,
  kitRefusalReason,
  type KitItemKey,
  type KitRefusal,
  type KitUploadType,
} from '../../domain/filing-kit.js';
import { filingPromise } from '../../domain/filing.js';
import { ADMIN_CLIENT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { refusal } from '../../domain/refusals.js';
import type { KitItem } from '../../domain/schemas/filing-kit.js';
import type { Contract, Process, Profile } from '../../domain/schemas/entities.js';
import type { Documents } from '../providers/documents.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getCustomerCollection, type CustomerCollection } from '../shared/data/customers.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import { firstName } from '../../domain/first-name.js';
import type { WhatsApp } from '../providers/whatsapp.js';
import { sendWhatsAppOnce } from '../shared/whatsapp-notices.js';
import {
  getKitItem,
  KitItemChangedError,
  kitItemsOf,
  markKitItemInReview,
  publicKitItem,
  saveKitReview,
  type KitRef,
} from '../shared/data/filing-kit.js';
import { findUserByProfileId } from '../shared/data/lookups.js';
import { changeProcessStatus } from '../shared/data/processes.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { kitItemRefusedEmail } from './kit-emails.js';

export type KitDeps = {
  db: Db;
  documents: Documents;
  clock: Clock;
  newId?: () => string;
};

/** Where a customer's kit files live: under their own prefix, which a client's deletion erases whole. */
export const kitKeys = {
  upload: (userId: string, uploadId: string) => `customers/${userId}/kit/uploads/${uploadId}`,
  part: (userId: string, uploadId: string) => `customers/${userId}/kit/parts/${uploadId}.pdf`,
  itemPdf: (userId: string, contractId: string, key: string, version: string) =>
    `customers/${userId}/kit/items/${contractId}/${key}-${version}.pdf`,
};

export type Followed = {
  collection: CustomerCollection;
  profile: Profile | null;
  process: Process | null;
  contract: Contract | null;
};

/** The process a customer follows (the newest), its contract and the kit as the collection holds it. */
export async function followed(db: Db, userId: string): Promise<Followed> {
  const collection = await getCustomerCollection(db, userId, { consistent: true });
  const process = [...collection.processes].sort((a, b) => b.created_at.localeCompare(a.created_at))[0] ?? null;
  const contract = process ? (collection.contracts.find((c) => c.id === process.contrato_id) ?? null) : null;
  return { collection, profile: collection.profile, process, contract };
}

export function viewOf(state: Followed, items: readonly KitItem[] = state.collection.kit): KitView {
  return kitView({ profile: state.profile, process: state.process, contract: state.contract, items });
}

/** 'Documentos': the caller's checklist with each item's state. */
export async function myKit(deps: Pick<KitDeps, 'db'>, caller: Caller): Promise<KitView> {
  return viewOf(await followed(deps.db, caller.userId));
}

/** The kit open for this item, or the refusal: a closed kit, an item not in this checklist, an approved item. */
export function assertItemOpen(state: Followed, key: KitItemKey) {
  const view = viewOf(state);
  if (view.availability !== 'open' || !state.contract || !state.profile) {
    throw new ConflictError(KIT_MESSAGES.kitClosed);
  }
  const definition = kitItemDefinition(state.profile.tipo_documento, key);
  if (!definition) throw new ValidationError(KIT_MESSAGES.notInKit, { item: KIT_MESSAGES.notInKit });
  if (view.items.find((item) => item.key === key)?.state === 'aprovado') {
    throw new ConflictError(KIT_MESSAGES.alreadyApproved);
  }
  return { definition, contract: state.contract, profile: state.profile };
}

/**
 * An upload form for one file: a presigned POST whose policy S3 enforces (this key under the caller's own prefix,
 * this Content-Type, 1 byte to 10 MB, SSE-S3). Counted: 50 an hour per customer.
 */
export async function createKitUpload(
  deps: KitDeps,
  caller: Caller,
  request: { item: KitItemKey; contentType: KitUploadType; bytes: number },
) {
  const state = await followed(deps.db, caller.userId);
  assertItemOpen(state, request.item);
  const now = deps.clock();
  await enforceRateLimits(
    deps.db,
    now,
    [{ rule: RATE_LIMITS.kitUploadsByCustomer, subject: caller.userId }],
    KIT_MESSAGES.rateLimited,
  );
  const uploadId = (deps.newId ?? ulid)();
  const form = await deps.documents.uploadForm(kitKeys.upload(caller.userId, uploadId), {
    contentType: request.contentType,
    maxBytes: KIT_UPLOAD_LIMITS.maxBytes,
    expiresInSeconds: KIT_UPLOAD_LIMITS.uploadUrlSeconds,
  });
  return {
    uploadId,
    ...form,
    expiresAt: new Date(now.getTime() + KIT_UPLOAD_LIMITS.uploadUrlSeconds * 1000).toISOString(),
  };
}

export const fileRefused = (message: Parameters<typeof refusal<'kit_file_refused'>>[1]) =>
  new ValidationError(refusal('kit_file_refused', message));

/**
 * The malware scan gates the file before the server reads it (GuardDuty Malware Protection for S3 on AWS, its local
 * stand-in here): not scanned yet → 409 `kit_scan_pending` (the screen asks again); a threat or a file the scanner
 * could not read → refused. A missing object is an upload that never arrived (or another customer's id: their key is
 * never under this caller's prefix, so it is missing here too).
 */
export async function assertScanned(documents: Documents, key: string): Promise<void> {
  let status: string | null;
  try {
    status = await documents.scanStatus(key);
  } catch (error) {
    const code = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (code === 404 || (error as Error).name === 'NoSuchKey') throw new NotFoundError(KIT_MESSAGES.uploadMissing);
    throw error;
  }
  if (status === null || status === 'FAILED') {
    throw new ConflictError(refusal('kit_scan_pending', KIT_MESSAGES.scanPending));
  }
  if (status !== 'NO_THREATS_FOUND') throw fileRefused(KIT_MESSAGES.malware);
}

/** The client an admin acts on, by profile id (the admin URLs' id), with the process they follow; 404 otherwise. */
async function clientOf(db: Db, profileId: string) {
  const userId = await findUserByProfileId(db, profileId);
  const state = userId ? await followed(db, userId) : null;
  if (!userId || !state?.profile || state.profile.id !== profileId || !state.contract || !state.process) {
    throw new NotFoundError(ADMIN_CLIENT_MESSAGES.clientNotFound);
  }
  return { userId, state, ref: { userId, contractId: state.contract.id } as KitRef };
}

/**
 * A short-lived link to a file of a client's kit for an admin: the item's PDF, or one original. Opening an item
 * 'Enviado' marks it 'Em análise' (the customer sees someone is looking).
 */
export async function adminKitFileLink(
  deps: KitDeps,
  profileId: string,
  key: KitItemKey,
  fileId: string | undefined,
): Promise<{ url: string }> {
  const { ref, state } = await clientOf(deps.db, profileId);
  const item = await getKitItem(deps.db, ref, key);
  const file = fileId ? item?.files.find((f) => f.id === fileId) : null;
  const objectKey = fileId ? file?.original_key : item?.pdf_key;
  if (!item || !objectKey) throw new NotFoundError(KIT_MESSAGES.fileNotFound);
  await markKitItemInReview(deps.db, ref, key, deps.clock().toISOString());
  const title = kitItemDefinition(state.profile!.tipo_documento, key)?.title ?? key;
  return {
    url: await deps.documents.downloadUrl(objectKey, {
      fileName: kitFileName(title, state.contract!.protocolo, file?.content_type),
    }),
  };
}

/**
 * A short-lived link to one of the caller's own kit files: the item's PDF, or one original. Only the caller's partition
 * is read, so another customer's item or file id is not found. An original opens only once the malware scan said it is
 * clean (as the bucket policy demands on AWS); the screen lists only files that passed it.
 */
export async function myKitFileLink(
  deps: KitDeps,
  caller: Caller,
  key: KitItemKey,
  fileId: string | undefined,
): Promise<{ url: string }> {
  const state = await followed(deps.db, caller.userId);
  const item = state.contract
    ? await getKitItem(deps.db, { userId: caller.userId, contractId: state.contract.id }, key)
    : null;
  const file = fileId ? item?.files.find((f) => f.id === fileId) : null;
  const objectKey = fileId ? file?.original_key : item?.pdf_key;
  if (!item || !objectKey || !state.profile || !state.contract) throw new NotFoundError(KIT_MESSAGES.fileNotFound);
  if (file) await assertScanned(deps.documents, objectKey);
  const title = kitItemDefinition(state.profile.tipo_documento, key)?.title ?? key;
  return {
    url: await deps.documents.downloadUrl(objectKey, {
      fileName: kitFileName(title, state.contract.protocolo, file?.content_type),
    }),
  };
}

export type ReviewDecision = { decision: 'aprovar' } | { decision: 'recusar'; code: KitRefusal['code']; note?: string };

/**
 * The lawyer's decision on one item, audited in the same write. A refusal is e-mailed to the customer once. Approving
 * the last required item moves the process 'pago' → 'em_analise' with the filing forecast counted again from the later
 * of the payment and now; the customer hears of it by that change's e-mail ('Todos os seus documentos foram aprovados').
 */
export async function reviewKitItem(
  deps: Pick<KitDeps, 'db' | 'clock'> & { sendEmail: SendEmail; appUrl: string; whatsapp?: WhatsApp | null },
  caller: Caller,
  profileId: string,
  key: KitItemKey,
  decision: ReviewDecision,
): Promise<KitView> {
  const { ref, state } = await clientOf(deps.db, profileId);
  const refusalOf: KitRefusal | null =
    decision.decision === 'recusar' ? { code: decision.code, note: decision.note?.trim() || null } : null;
  if (refusalOf?.code === 'outro' && !refusalOf.note) {
    throw new ValidationError(KIT_MESSAGES.refusalNoteRequired, { note: KIT_MESSAGES.refusalNoteRequired });
  }
  const current = await getKitItem(deps.db, ref, key);
  if (!current || (current.state !== 'enviado' && current.state !== 'em_analise')) {
    throw new ConflictError(KIT_MESSAGES.reviewNotAllowed);
  }
  const now = deps.clock().toISOString();
  const state2 = decision.decision === 'aprovar' ? 'aprovado' : 'recusado';
  try {
    await saveKitReview(deps.db, ref, {
      item: { ...current, state: state2, refusal: refusalOf, reviewed_at: now, updated_at: now },
      readVersion: current.version,
      audit: {
        at: now,
        actor: { userId: caller.userId, email: caller.email },
        action: 'kit-review',
        targetUserId: ref.userId,
        target: { type: 'kit_item', id: `${ref.contractId}#${key}` },
        before: { state: current.state, files: current.files.length },
        after: { state: state2, refusal: refusalOf },
      },
    });
  } catch (error) {
    if (error instanceof KitItemChangedError) throw new ConflictError(KIT_MESSAGES.reviewNotAllowed);
    throw error;
  }

  const profile = state.profile!;
  const title = kitItemDefinition(profile.tipo_documento, key)?.title ?? key;
  if (refusalOf) {
    await sendEmailOnce(deps.db, emailOnceKeys.kitRefusal(ref.userId, ref.contractId, key, now), deps.clock(), () =>
      deps.sendEmail(
        profile.email,
        kitItemRefusedEmail(deps.appUrl, {
          userName: profile.nome_completo,
          protocolo: state.contract!.protocolo,
          item: title,
          reason: kitRefusalReason(refusalOf),
          fix: kitRefusalFix(refusalOf),
        }),
      ),
    ).catch((error: unknown) => logger.error('Kit refusal e-mail not sent', { error, item: key }));
    // Its WhatsApp twin, once per decision and only with consent; never fails the review (the e-mail told them).
    await sendWhatsAppOnce(
      { db: deps.db, clock: deps.clock, whatsapp: deps.whatsapp ?? null },
      {
        userId: ref.userId,
        onceKey: `documento-recusado#${ref.contractId}#${key}#${now}`,
        template: 'documentRefused',
        params: {
          nome: firstName(profile.nome_completo) ?? profile.nome_completo,
          protocolo: state.contract!.protocolo,
          documento: title,
          motivo: kitRefusalReason(refusalOf),
        },
      },
    ).catch((error: unknown) => logger.error('Kit refusal WhatsApp not sent', { error, item: key }));
  } else {
    await completeKitIfApproved(deps, ref, profile, state.process!, caller.userId);
  }
  return viewOf(await followed(deps.db, ref.userId));
}

/**
 * The process moves to 'em_analise' once every required item is approved, read again after the decision was saved:
 * two admins approving the last two items at once both see the kit complete, and the move conditioned on 'pago'
 * applies once (the other finds it done).
 */
async function completeKitIfApproved(
  deps: Pick<KitDeps, 'db' | 'clock'>,
  ref: KitRef,
  profile: Profile,
  process: Process,
  byUser: string,
): Promise<void> {
  const items = await kitItemsOf(deps.db, ref);
  if (!kitProgress(profile.tipo_documento, items.map(publicKitItem)).complete || process.status !== 'pago') return;
  const now = deps.clock().toISOString();
  const collection = await getCustomerCollection(deps.db, ref.userId, { consistent: true });
  const paidAt =
    collection.charges.find((charge) => charge.id === process.paid_charge_id)?.paid_at ?? process.updated_at;
  const promise = filingPromise(paidAt, now);
  try {
    await changeProcessStatus(deps.db, {
      ref,
      to: 'em_analise',
      expectedFrom: 'pago',
      byUser,
      obs: null,
      previsao: promise.basis === 'awaiting_kit' ? undefined : promise.forecast,
      kitApprovedAt: now,
      now,
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
}
