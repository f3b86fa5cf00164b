import type { CompanyIdentity } from '../../domain/company.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import {
  declaracaoText,
  FILING_DOCUMENT_FILE_NAMES,
  FILING_DOCUMENT_MESSAGES,
  filingDocumentGap,
  procuracaoText,
  type FilingDocumentKind,
} from '../../domain/filing-documents.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { getProfileByUser } from '../shared/data/customers.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { renderFilingDocumentPdf } from './filing-pdf.js';

export type FilingDocumentDeps = { db: Db; clock: Clock; company: () => CompanyIdentity };

/**
 * The caller's procuração or declaração, from their own profile (pattern 2: owner in the key), dated today in São
 * Paulo. A profile that lacks what the document needs is a 409 saying what to fill in, never a PDF with a blank.
 */
export async function ownFilingDocument(deps: FilingDocumentDeps, caller: Caller, kind: FilingDocumentKind) {
  const profile = await getProfileByUser(deps.db, caller.userId);
  if (!profile) throw new NotFoundError(FILING_DOCUMENT_MESSAGES.profileMissing);
  const gap = filingDocumentGap(kind, profile);
  const now = deps.clock();
  const today = saoPauloDay(now);
  const text =
    gap === null
      ? kind === 'procuracao'
        ? procuracaoText(profile, deps.company(), today)
        : declaracaoText(profile, today)
      : null;
  if (!text) throw new ConflictError(FILING_DOCUMENT_MESSAGES[gap ?? 'partnerMissing']);
  const pdf = await renderFilingDocumentPdf(text, now);
  return {
    file_name: FILING_DOCUMENT_FILE_NAMES[kind],
    content_type: 'application/pdf' as const,
    pdf_base64: Buffer.from(pdf).toString('base64'),
  };
}
