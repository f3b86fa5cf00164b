import { NADA_CONSTA_MESSAGES, RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import {
  formatVerificationCode,
  parseVerificationCode,
  type NadaConstaVerification,
} from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS, rateLimitAddress } from '../../domain/rate-limits.js';
import type { Clock } from '../shared/clock.js';
import { findCertificateByCode } from '../shared/data/certificates.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import type { Db } from '../shared/data/table.js';
import { NotFoundError } from '../shared/errors.js';

// Apart from the issuing service, so the verification's bundle carries no PDF or QR code library.

export type VerifyNadaConstaDeps = { db: Db; clock: Clock };

/**
 * The public verification of a Nada Consta by its code: the masked data it was issued with, and `vigente` only while
 * its process is still `baixa_deferida` under the same grant. Unknown and malformed codes are the same 404.
 */
export async function verifyNadaConsta(
  deps: VerifyNadaConstaDeps,
  rawCode: string,
  requesterIp: string | undefined,
): Promise<NadaConstaVerification> {
  await enforceRateLimits(
    deps.db,
    deps.clock(),
    [{ rule: RATE_LIMITS.verificationByAddress, subject: rateLimitAddress(requesterIp) }],
    RATE_LIMIT_MESSAGES.tooManyRequests,
  );
  const code = parseVerificationCode(rawCode);
  const found = code ? await findCertificateByCode(deps.db, code) : null;
  if (!found) throw new NotFoundError(NADA_CONSTA_MESSAGES.certificateNotFound);
  const { certificate, process } = found;
  return {
    codigo: formatVerificationCode(certificate.codigo),
    vigente: process?.status === 'baixa_deferida' && process.baixa_deferida_em === certificate.baixa_deferida_em,
    nome_cliente: certificate.nome_cliente,
    cpf_cliente: certificate.cpf_cliente,
    protocolo: certificate.protocolo,
    protocolo_completo: fullProtocol(certificate.protocolo),
    orgaos: certificate.orgaos,
    baixa_deferida_em: certificate.baixa_deferida_em,
    emitido_em: certificate.emitido_em,
    sha256: certificate.sha256,
  };
}
