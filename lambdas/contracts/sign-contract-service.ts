import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { contractText } from '../../domain/contract-text.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from '../../domain/pricing.js';
import { geoFromViewerHeaders, signerIp, signerUserAgent } from '../../domain/signature-evidence.js';
import type { Documents } from '../providers/documents.js';
import type { SendEmail } from '../providers/email.js';
import type { Caller } from '../shared/caller.js';
import type { Clock } from '../shared/clock.js';
import { readSignable, signContract } from '../shared/data/signatures.js';
import type { Db } from '../shared/data/table.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { contractSignedEmail } from './contract-emails.js';
import { renderContractPdf } from './contract-pdf.js';
import { refusal } from '../../domain/refusals.js';

export type SignContractDeps = { db: Db; clock: Clock; documents: Documents; sendEmail: SendEmail; appUrl: string };

/** What the request says about the signer: API Gateway's source IP and user agent, CloudFront's viewer headers. */
export type SignerContext = {
  sourceIp: string | undefined;
  userAgent: string | undefined;
  viewerHeaders: Readonly<Record<string, string | undefined>>;
};

/**
 * Signs the caller's contract (spec 02 §2, §4): the evidence is captured here, never sent by the browser — IP, approximate
 * location, user agent, time and the SHA-256 of the exact text signed — and the signed PDF is stored under a key of its
 * own before the one conditional write that makes the signature, so a lost race never overwrites the real document.
 * The 'contract-signed' e-mail follows; its failure is logged, never undoes the signature.
 */
export async function signOwnContract(
  deps: SignContractDeps,
  caller: Caller,
  contractId: string,
  signer: SignerContext,
) {
  const { contract, profile } = await readSignable(deps.db, caller.userId, contractId);
  if (!contract) throw new NotFoundError(refusal('contract_not_found', CONTRACT_MESSAGES.notFoundOrSigned));
  if (!profile) throw new ConflictError(refusal('profile_missing', CONTRACT_MESSAGES.noProfile));
  if (contract.assinado_em !== null)
    throw new ConflictError(refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned));

  const signedAt = deps.clock().toISOString();
  const geo = geoFromViewerHeaders(signer.viewerHeaders);
  const text = contractText(contract, profile);
  const evidence = {
    signedAt,
    ip: signerIp(signer.sourceIp),
    city: geo.cidade,
    state: geo.estado,
    country: geo.pais,
    userAgent: signerUserAgent(signer.userAgent),
    textSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
  };
  const pdfKey = `contracts/${contractId}/${ulid()}.pdf`;
  await deps.documents.put({
    key: pdfKey,
    body: await renderContractPdf(text, evidence),
    contentType: 'application/pdf',
    fileName: `Contrato ${contract.protocolo}.pdf`,
  });

  const signed = await signContract(deps.db, {
    userId: caller.userId,
    contractId,
    signature: {
      signedAt,
      ip: evidence.ip,
      geo,
      userAgent: evidence.userAgent,
      textSha256: evidence.textSha256,
      pdfKey,
    },
  });
  const free = contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  try {
    await deps.sendEmail(
      profile.email,
      contractSignedEmail(deps.appUrl, {
        name: profile.nome_completo,
        protocolo: contract.protocolo,
        valor: contract.valor,
        signedAt,
        free,
      }),
    );
  } catch (error) {
    logger.error('Contract-signed e-mail not sent', { error: (error as Error).message, contractId });
  }
  return {
    contract: signed.contract,
    processStatus: signed.processStatus,
    next: free ? ('/app/dashboard' as const) : ('/app/pagamento' as const),
  };
}
