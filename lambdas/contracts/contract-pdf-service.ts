import { CONTRACT_LINK_MESSAGES, CONTRACT_MESSAGES } from '../../domain/messages.js';
import type { Documents } from '../providers/documents.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { findUserByProfileId } from '../shared/data/lookups.js';
import { signedContractDocument } from '../shared/data/signatures.js';
import type { Db } from '../shared/data/table.js';
import { NotFoundError } from '../shared/errors.js';
import { verifyContractLink } from './contract-link.js';

export type ContractPdfDeps = {
  db: Db;
  documents: Pick<Documents, 'downloadUrl'>;
  clock: Clock;
  contractLinkKey: () => Promise<Uint8Array>;
};

/** A fresh link to the stored PDF (the documents' five-minute default), saved under the contract's protocol. */
async function pdfLink(deps: Pick<ContractPdfDeps, 'documents'>, document: { protocolo: string; pdfKey: string }) {
  return {
    protocolo: document.protocolo,
    pdf_url: await deps.documents.downloadUrl(document.pdfKey, { fileName: `Contrato ${document.protocolo}.pdf` }),
  };
}

/** 'Baixar contrato assinado (PDF)': the caller's own signed contract (owner in the key); 404 for anything else. */
export async function ownContractPdf(
  deps: Pick<ContractPdfDeps, 'db' | 'documents'>,
  caller: Caller,
  contractId: string,
) {
  const document = await signedContractDocument(deps.db, caller.userId, contractId);
  if (!document) throw new NotFoundError(CONTRACT_MESSAGES.pdfUnavailable);
  return pdfLink(deps, document);
}

/** The case file's 'PDF do contrato' (an admin): the client's signed contract, named by the client's profile id. */
export async function clientContractPdf(
  deps: Pick<ContractPdfDeps, 'db' | 'documents'>,
  profileId: string,
  contractId: string,
) {
  const userId = await findUserByProfileId(deps.db, profileId);
  const document = userId ? await signedContractDocument(deps.db, userId, contractId) : null;
  if (!document) throw new NotFoundError(CONTRACT_MESSAGES.pdfUnavailable);
  return pdfLink(deps, document);
}

/**
 * The e-mail's link: the token must carry the server's signature and be within its year; then the contract it names
 * is read under its owner's key. Every refusal answers the same 404, so the route tells nobody why a token failed.
 */
export async function contractPdfByLink(deps: ContractPdfDeps, token: string) {
  const claims = verifyContractLink(await deps.contractLinkKey(), token, deps.clock());
  const document = claims ? await signedContractDocument(deps.db, claims.sub, claims.contract) : null;
  if (!document) throw new NotFoundError(CONTRACT_LINK_MESSAGES.invalid);
  return pdfLink(deps, document);
}
