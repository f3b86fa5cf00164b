import type { KitView } from '../../domain/api/filing-kit.js';
import { KIT_MESSAGES, type KitItemKey, type KitSigningMethod } from '../../domain/filing-kit.js';
import type { Caller } from '../shared/caller.js';
import {
  confirmedUpload,
  getKitItem,
  KitItemChangedError,
  saveConfirmedUpload,
  type KitRef,
  type StoredKitFile,
  type StoredKitItem,
} from '../shared/data/filing-kit.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { convertToPdf, inspectUpload, mergePdfs } from './kit-files.js';
import { assertItemOpen, assertScanned, followed, kitKeys, myKit, viewOf, type KitDeps } from './kit-service.js';
import type { SignedPdfVerifier } from './signed-pdf-seam.js';

/*
 * The upload's confirmation, apart from the other kit routes: only it reads, checks and converts files, so only its
 * bundle carries pdf-lib and the image decoders (libheif in WebAssembly). The list, upload-form and download routes
 * import kit-service.ts alone and start cold without them
 * (docs/decisions.md, "Small cold starts: fonts beside the code, maps without the sources").
 */

/** Attempts at a confirmation that keeps losing to another upload of the same item before it fails loudly. */
const CONFIRM_ATTEMPTS = 4;

/**
 * The upload's confirmation: the scan's verdict, the real type and content checked, the file converted to A4 PDF
 * pages, the item's one PDF rebuilt, and the item saved 'Enviado' (a refused item starts over with this file). The
 * original is kept. Confirming the same upload again answers the kit as it is.
 */
export async function confirmKitUpload(
  deps: KitDeps & { verifySignedPdf?: SignedPdfVerifier },
  caller: Caller,
  uploadId: string,
  request: { item: KitItemKey; signing?: KitSigningMethod | undefined },
): Promise<KitView> {
  if (await confirmedUpload(deps.db, caller.userId, uploadId)) return myKit(deps, caller);
  let state = await followed(deps.db, caller.userId);
  const { definition, contract, profile } = assertItemOpen(state, request.item);
  const signed = definition.signature === 'signed_document';
  if (signed && !request.signing) {
    throw new ValidationError(KIT_MESSAGES.signingMethodRequired, { signing: KIT_MESSAGES.signingMethodRequired });
  }

  const originalKey = kitKeys.upload(caller.userId, uploadId);
  await assertScanned(deps.documents, originalKey);
  const bytes = await deps.documents.read(originalKey);
  if (!bytes) throw new NotFoundError(KIT_MESSAGES.uploadMissing);
  const inspected = await inspectUpload(bytes);

  let signing: StoredKitItem['signing'] = signed ? { method: request.signing! } : null;
  if (signed && request.signing === 'govbr') {
    if (inspected.type !== 'application/pdf') throw new ValidationError(KIT_MESSAGES.govbrNeedsPdf);
    if (!deps.verifySignedPdf) throw new ConflictError(KIT_MESSAGES.govbrUnavailable);
    const verdict = await deps.verifySignedPdf(bytes, profile);
    if (verdict.kind === 'refused') throw new ValidationError(verdict.message);
    signing = {
      method: 'govbr',
      signer_name: verdict.signerName,
      signer_cpf: verdict.signerCpf,
      signed_at: verdict.signedAt,
      issuer: verdict.issuer,
      chain_validated: verdict.chainValidated,
    };
  }

  const part = await convertToPdf(bytes, inspected);
  const partKey = kitKeys.part(caller.userId, uploadId);
  await deps.documents.put({ key: partKey, body: part, contentType: 'application/pdf' });
  const ref: KitRef = { userId: caller.userId, contractId: contract.id };
  const newFile: StoredKitFile = {
    id: uploadId,
    content_type: inspected.type,
    bytes: bytes.byteLength,
    uploaded_at: deps.clock().toISOString(),
    original_key: originalKey,
    pdf_key: partKey,
  };

  for (let attempt = 1; ; attempt += 1) {
    const current = await getKitItem(deps.db, ref, request.item);
    if (current?.state === 'aprovado') throw new ConflictError(KIT_MESSAGES.alreadyApproved);
    // A refused item starts over; a signed document is one file (a digital signature covers that PDF alone).
    const keep = current && current.state !== 'recusado' && !signed ? current.files : [];
    const files = [...keep, newFile];
    if (files.length > definition.maxFiles) throw new ValidationError(KIT_MESSAGES.tooManyFiles);
    // A digitally signed PDF is filed as it is: merging would break the signature the court checks.
    const itemPdf =
      signing?.method === 'govbr'
        ? bytes
        : await mergePdfs(
            await Promise.all(
              files.map(async (file) =>
                file.id === uploadId ? part : ((await deps.documents.read(file.pdf_key)) ?? new Uint8Array()),
              ),
            ),
          );
    const itemPdfKey = kitKeys.itemPdf(caller.userId, contract.id, request.item, uploadId);
    await deps.documents.put({ key: itemPdfKey, body: itemPdf, contentType: 'application/pdf' });
    const now = deps.clock().toISOString();
    const item: StoredKitItem = {
      contrato_id: contract.id,
      key: request.item,
      state: 'enviado',
      files,
      pdf_key: itemPdfKey,
      pdf_bytes: itemPdf.byteLength,
      signing,
      refusal: null,
      sent_at: now,
      reviewed_at: null,
      updated_at: now,
      version: current?.version ?? 0,
    };
    try {
      await saveConfirmedUpload(deps.db, ref, {
        uploadId,
        item,
        readVersion: current ? current.version : null,
        at: now,
      });
      break;
    } catch (error) {
      if (!(error instanceof KitItemChangedError) || attempt >= CONFIRM_ATTEMPTS) throw error;
    }
  }
  logger.info('Kit file accepted', { item: request.item, type: inspected.type, bytes: bytes.byteLength });
  state = await followed(deps.db, caller.userId);
  return viewOf(state);
}
