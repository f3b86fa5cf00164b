import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { contractText } from '../../domain/contract-text.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { geoFromViewerHeaders, signerIp, signerUserAgent } from '../../domain/signature-evidence.js';
import type { Documents } from '../providers/documents.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { signingPlan, signingRefusal, type Signable, type SignableState } from '../../domain/signing.js';
import { readSignable, writeSignature } from '../shared/data/signatures.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { contractSignedEmail } from './contract-emails.js';
import { contractLinkUrl, signContractLink } from './contract-link.js';
import { renderContractPdf } from './contract-pdf.js';

export type SignContractDeps = {
  db: Db;
  clock: Clock;
  documents: Documents;
  sendEmail: SendEmail;
  appUrl: string;
  /** Signs the e-mail's link to the PDF (lambdas/contracts/contract-link.ts). */
  contractLinkKey: () => Promise<Uint8Array>;
};

/**
 * What the request says about the signer: API Gateway's source IP and user agent, CloudFront's viewer headers, and the
 * words of the checkbox ticked (the route's body accepts only `CONTRACT_MESSAGES.consentLabel`).
 */
export type SignerContext = {
  sourceIp: string | undefined;
  userAgent: string | undefined;
  viewerHeaders: Readonly<Record<string, string | undefined>>;
  consent: string;
};

/**
 * Signs the caller's contract (spec 02 §2, §4). What is stored is read once and decides everything: the refusals and
 * the steps (`domain/signing.ts`). The evidence is captured here, never sent by the browser — IP, approximate location,
 * user agent, time, the acceptance ticked and the SHA-256 of the exact text signed — and the signed PDF is stored under a key of its own
 * before the one conditional write that makes the signature, so a lost race never overwrites the real document. The
 * 'contract-signed' e-mail follows; its failure is logged, never undoes the signature.
 */
export async function signOwnContract(
  deps: SignContractDeps,
  caller: Caller,
  contractId: string,
  signer: SignerContext,
) {
  const state = await readSignable(deps.db, caller.userId, contractId);
  assertSignable(state);
  const { contract, process, profile } = state;

  const signedAt = deps.clock().toISOString();
  const plan = signingPlan(state, signedAt);
  const geo = geoFromViewerHeaders(signer.viewerHeaders);
  const text = contractText(contract, profile, companyIdentity());
  const evidence = {
    signedAt,
    ip: signerIp(signer.sourceIp),
    city: geo.cidade,
    state: geo.estado,
    country: geo.pais,
    userAgent: signerUserAgent(signer.userAgent),
    textSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    consent: signer.consent,
  };
  const pdfKey = `contracts/${contractId}/${ulid()}.pdf`;
  await deps.documents.put({
    key: pdfKey,
    body: await renderContractPdf(text, evidence),
    contentType: 'application/pdf',
    fileName: `Contrato ${contract.protocolo}.pdf`,
  });

  const signature = {
    signedAt,
    ip: evidence.ip,
    geo,
    userAgent: evidence.userAgent,
    textSha256: evidence.textSha256,
    consent: evidence.consent,
    pdfKey,
  };
  const written = await writeSignature(deps.db, {
    userId: caller.userId,
    contractId,
    processId: process.id,
    plan,
    signature,
  });
  if (!written) {
    // Someone else signed first, or the process moved: tell which from what is stored now, as the first read would.
    assertSignable(await readSignable(deps.db, caller.userId, contractId));
    throw new ConflictError(CONTRACT_MESSAGES.updateFailed);
  }
  try {
    const token = signContractLink(
      await deps.contractLinkKey(),
      { userId: caller.userId, contractId },
      new Date(signedAt),
    );
    await deps.sendEmail(profile.email, {
      ...contractSignedEmail(deps.appUrl, {
        name: profile.nome_completo,
        protocolo: contract.protocolo,
        valor: contract.valor,
        signedAt,
        free: plan.free,
        pdfLink: contractLinkUrl(deps.appUrl, token),
      }),
      caseFileOf: caller.userId,
    });
  } catch (error) {
    logger.error('Contract-signed e-mail not sent', { error: (error as Error).message, contractId });
  }
  return {
    contract: { ...contract, assinado_em: signedAt, ip_assinatura: signature.ip, geo_assinatura: geo },
    processStatus: plan.to,
    next: plan.next,
  };
}

/** Throws the refusal the stored state gets (404 for an unknown contract, 409 otherwise), if any. */
function assertSignable(state: SignableState): asserts state is Signable {
  const refused = signingRefusal(state);
  if (!refused) return;
  if (refused.reason === 'contract_not_found') throw new NotFoundError(refused);
  throw new ConflictError(refused);
}
