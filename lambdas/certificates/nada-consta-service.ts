import { createHash, randomBytes as cryptoRandomBytes } from 'node:crypto';
import { maskDocument, maskName } from '../../domain/documents.js';
import { NADA_CONSTA_MESSAGES, RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import {
  CREDIT_BUREAUS,
  formatVerificationCode,
  VERIFICATION_CODE_BYTES,
  verificationCodeFromBytes,
  verificationPath,
  type NadaConstaIssued,
  type NadaConstaRequest,
} from '../../domain/nada-consta.js';
import { printableText } from '../../domain/printable-text.js';
import { fullProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS, rateLimitAddress } from '../../domain/rate-limits.js';
import type { Process, Profile } from '../../domain/schemas/entities.js';
import { DEFAULT_LINK_SECONDS, type Documents } from '../providers/documents.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import {
  findIssuedCertificate,
  readCertificateSubject,
  saveCertificate,
  type Certificate,
  type CertificateRef,
} from '../shared/data/certificates.js';
import { findContractByProtocol } from '../shared/data/lookups.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import type { Db } from '../shared/data/table.js';
import { DomainError } from '../shared/errors.js';
import { companyIdentity } from '../shared/company.js';
import { logger } from '../shared/logger.js';
import { nadaConstaEmail } from './nada-consta-emails.js';
import { renderNadaConstaPdf } from './nada-consta-pdf.js';
import { countMetric, METRIC } from '../shared/metrics.js';

export type IssueNadaConstaDeps = {
  db: Db;
  clock: Clock;
  documents: Documents;
  sendEmail: SendEmail;
  appUrl: string;
  /** A CSPRNG (node:crypto's by default): verification codes must be unguessable. */
  randomBytes?: (size: number) => Uint8Array;
};

/**
 * The one answer for every refusal — unknown protocol, a status other than baixa_deferida, another e-mail — so a
 * caller learns nothing from it about the process or its owner. 422 with the `validation` code, which the SPA maps to
 * a form error like the spec's 'Falha ao emitir'.
 */
export class NadaConstaNotIssuedError extends DomainError {
  constructor() {
    super('validation', 422, NADA_CONSTA_MESSAGES.notIssued);
  }
}

/**
 * Tries at recording a new certificate: a random code collides with probability ~n²/2⁶¹, and a concurrent request
 * for the same grant makes ours lose once at most before we find its certificate; five is ample.
 */
const SAVE_ATTEMPTS = 5;

/**
 * emitir-nada-consta (spec 01 §7): issues the certificate of a process whose removal was granted, to whoever knows its
 * protocol and the e-mail on file, and e-mails it to that address. Rate-limited per address and per protocol (wrong
 * guesses count). A repeated request for the same grant reuses the certificate already issued — same code, same PDF,
 * a new 5-minute link — so a certificate checked by a bank never changes under it.
 */
export async function issueNadaConsta(
  deps: IssueNadaConstaDeps,
  request: NadaConstaRequest,
  requesterIp: string | undefined,
): Promise<NadaConstaIssued> {
  await enforceRateLimits(
    deps.db,
    deps.clock(),
    [
      { rule: RATE_LIMITS.nadaConstaByAddress, subject: rateLimitAddress(requesterIp) },
      { rule: RATE_LIMITS.nadaConstaByProtocol, subject: request.protocolo },
    ],
    RATE_LIMIT_MESSAGES.tooManyRequests,
  );

  const owner = await findContractByProtocol(deps.db, request.protocolo);
  if (!owner) throw new NadaConstaNotIssuedError();
  const ref: CertificateRef = { userId: owner.userId, contractId: owner.contractId };
  const { profile, process } = await readCertificateSubject(deps.db, ref);
  if (!profile || !process || !isIssuable(process) || profile.email.toLowerCase() !== request.email) {
    throw new NadaConstaNotIssuedError();
  }

  const { certificate, pdf } = await certificateFor(deps, ref, profile, process, request.protocolo);
  const fileName = pdfFileName(certificate.protocolo);
  const verificationUrl = verificationUrlOf(deps.appUrl, certificate.codigo);
  try {
    await deps.sendEmail(profile.email, {
      ...nadaConstaEmail({
        name: profile.nome_completo,
        protocolo: certificate.protocolo,
        grantedAt: certificate.baixa_deferida_em,
        code: certificate.codigo,
        verificationUrl,
        pdf: { fileName, contentType: 'application/pdf', content: pdf ?? (await readPdf(deps, certificate)) },
      }),
      caseFileOf: ref.userId,
    });
  } catch (error) {
    // The person already has the link in this answer; a lost e-mail must not turn an issued certificate into an error.
    logger.error('Nada Consta e-mail not sent', { error: (error as Error).message, code: certificate.codigo });
  }
  return {
    success: true,
    pdf_url: await deps.documents.downloadUrl(certificate.pdf_key, {
      expiresInSeconds: DEFAULT_LINK_SECONDS,
      fileName,
    }),
    codigo_verificacao: formatVerificationCode(certificate.codigo),
    url_verificacao: verificationUrl,
  };
}

function isIssuable(process: Process): process is Process & { baixa_deferida_em: string } {
  return process.status === 'baixa_deferida' && process.baixa_deferida_em !== null;
}

function pdfFileName(protocolo: string): string {
  return `Nada Consta ${fullProtocol(protocolo)}.pdf`;
}

function verificationUrlOf(appUrl: string, code: string): string {
  return new URL(verificationPath(code), appUrl).toString();
}

async function readPdf(deps: IssueNadaConstaDeps, certificate: Certificate): Promise<Uint8Array> {
  const pdf = await deps.documents.read(certificate.pdf_key);
  if (!pdf) throw new Error(`Nada Consta PDF missing: ${certificate.pdf_key}`);
  return pdf;
}

/**
 * The certificate of this grant: the one already issued, or a new one. A new PDF is stored under a key of its own
 * before the transaction that records it, so the record never names a missing object; when a concurrent request wins
 * the transaction, its certificate is the one answered (ours stays an unreferenced object — see docs/decisions.md).
 */
async function certificateFor(
  deps: IssueNadaConstaDeps,
  ref: CertificateRef,
  profile: Profile,
  process: Process & { baixa_deferida_em: string },
  protocolo: string,
): Promise<{ certificate: Certificate; pdf: Uint8Array | null }> {
  const randomBytes = deps.randomBytes ?? cryptoRandomBytes;
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const issued = await findIssuedCertificate(deps.db, ref, process.baixa_deferida_em);
    if (issued) return { certificate: issued, pdf: null };
    const certificate = await storeNewCertificate(deps, ref, profile, process, protocolo, randomBytes);
    switch (await saveCertificate(deps.db, certificate.record)) {
      case 'saved':
        countMetric(METRIC.nadaConstaIssued);
        return { certificate: certificate.record, pdf: certificate.pdf };
      case 'process_changed':
        throw new NadaConstaNotIssuedError();
      case 'already_issued': // another request won: the next round reads its certificate
      case 'conflict':
      case 'code_taken':
        continue;
    }
  }
  throw new Error('Nada Consta not recorded after several attempts');
}

/** Renders a new certificate with a fresh code and stores its PDF; the record is written by the caller. */
async function storeNewCertificate(
  deps: IssueNadaConstaDeps,
  ref: CertificateRef,
  profile: Profile,
  process: Process & { baixa_deferida_em: string },
  protocolo: string,
  randomBytes: (size: number) => Uint8Array,
): Promise<{ record: Certificate; pdf: Uint8Array }> {
  const code = verificationCodeFromBytes(randomBytes(VERIFICATION_CODE_BYTES));
  const issuedAt = deps.clock().toISOString();
  // printableText: a name stored before the profile refused unprintable characters still prints (and verifies) cleanly.
  const holder = {
    nome_cliente: maskName(printableText(profile.nome_completo)),
    cpf_cliente: maskDocument(profile.cpf),
  };
  const pdf = await renderNadaConstaPdf({
    holderName: holder.nome_cliente,
    document: { label: profile.tipo_documento === 'cnpj' ? 'CNPJ' : 'CPF', masked: holder.cpf_cliente },
    protocolo,
    courtCase: process.numero_cnj ? { numeroCnj: process.numero_cnj, tribunal: process.tribunal ?? null } : null,
    bureaus: CREDIT_BUREAUS,
    grantedAt: process.baixa_deferida_em,
    issuedAt,
    code,
    verificationUrl: verificationUrlOf(deps.appUrl, code),
    issuer: companyIdentity(),
  });
  const record: Certificate = {
    codigo: code,
    user_id: ref.userId,
    contrato_id: ref.contractId,
    processo_id: process.id,
    protocolo,
    ...holder,
    orgaos: [...CREDIT_BUREAUS],
    baixa_deferida_em: process.baixa_deferida_em,
    emitido_em: issuedAt,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    // Under the customer, so deleting the client (pattern 28) finds every document of theirs by prefix.
    pdf_key: `customers/${ref.userId}/nada-consta/${code}.pdf`,
  };
  await deps.documents.put({
    key: record.pdf_key,
    body: pdf,
    contentType: 'application/pdf',
    fileName: pdfFileName(protocolo),
  });
  return { record, pdf };
}
