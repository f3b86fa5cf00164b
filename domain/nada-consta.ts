import * as z from 'zod';
import { NADA_CONSTA_MESSAGES } from './messages.js';
import { parseProtocol } from './protocol.js';

/**
 * Nada Consta (spec 01 §2, §5, §7 emitir-nada-consta): a certificate that a process's temporary removal was granted,
 * issued to whoever knows the protocol and the e-mail on file, and checkable by anyone through its verification code.
 */

/** The credit bureaus the removal covers, in the order the product names them. */
export const CREDIT_BUREAUS = ['SPC', 'SERASA', 'BOA VISTA', 'SCPC'] as const;

/** The dialog's security check: two numbers from 1 to 8 (spec 01 §5, §9). */
export const NADA_CONSTA_CHECK_MIN = 1;
export const NADA_CONSTA_CHECK_MAX = 8;

const checkNumber = z
  .number({ error: NADA_CONSTA_MESSAGES.invalidCheck })
  .int(NADA_CONSTA_MESSAGES.invalidCheck)
  .min(NADA_CONSTA_CHECK_MIN, NADA_CONSTA_MESSAGES.invalidCheck)
  .max(NADA_CONSTA_CHECK_MAX, NADA_CONSTA_MESSAGES.invalidCheck);

/**
 * The dialog's body. The numbers come from the browser, so the sum only proves a person read the form; the rate
 * limits are what stop a script (docs/decisions.md). The protocol is normalised (either form, any case) and the
 * e-mail trimmed and lower-cased, as profiles store it.
 */
export const nadaConstaRequestSchema = z
  .object({
    protocolo: z
      .string({ error: NADA_CONSTA_MESSAGES.protocolRequired })
      .trim()
      .min(1, NADA_CONSTA_MESSAGES.protocolRequired)
      .max(32, NADA_CONSTA_MESSAGES.invalidProtocol)
      .transform((value, context) => {
        const protocolo = parseProtocol(value);
        if (protocolo) return protocolo;
        context.addIssue({ code: 'custom', message: NADA_CONSTA_MESSAGES.invalidProtocol });
        return z.NEVER;
      }),
    email: z
      .string({ error: NADA_CONSTA_MESSAGES.emailRequired })
      .trim()
      .min(1, NADA_CONSTA_MESSAGES.emailRequired)
      .max(254, NADA_CONSTA_MESSAGES.invalidEmail)
      .pipe(z.email(NADA_CONSTA_MESSAGES.invalidEmail))
      .transform((email) => email.toLowerCase()),
    a: checkNumber,
    b: checkNumber,
    answer: z.number({ error: NADA_CONSTA_MESSAGES.invalidCheck }).int(NADA_CONSTA_MESSAGES.invalidCheck),
  })
  .refine((body) => body.answer === body.a + body.b, {
    path: ['answer'],
    message: NADA_CONSTA_MESSAGES.invalidCheck,
  });
export type NadaConstaRequest = z.output<typeof nadaConstaRequestSchema>;

/**
 * emitir-nada-consta's answer, with the spec's names. A 2xx always has `success: true` and `pdf_url` (a link to
 * the PDF valid for 5 minutes); every refusal is an HTTP error instead (422, one message for every reason).
 */
export const nadaConstaIssuedSchema = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  pdf_url: z.string().optional(),
  /** XXXX-XXXX-XXXX, printed on the PDF. */
  codigo_verificacao: z.string().optional(),
  /** `<app>/verificar/<code>`, where the QR code points. */
  url_verificacao: z.string().optional(),
});
export type NadaConstaIssued = z.infer<typeof nadaConstaIssuedSchema>;

/**
 * A Nada Consta as issued: the masked data printed on it (never the clear name, document or e-mail), the grant it
 * attests, and where its PDF lives with the PDF's SHA-256. The one shape the record, the export and the checks share.
 */
export const certificateSchema = z.object({
  codigo: z.string(),
  user_id: z.string(),
  contrato_id: z.string(),
  processo_id: z.string(),
  protocolo: z.string(),
  nome_cliente: z.string(),
  cpf_cliente: z.string(),
  orgaos: z.array(z.string()),
  baixa_deferida_em: z.string(),
  emitido_em: z.string(),
  sha256: z.string(),
  pdf_key: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** What the certificate's holder reads of it (their data export): the printed facts, not where it is stored. */
export const certificateFactsSchema = certificateSchema.pick({
  codigo: true,
  protocolo: true,
  nome_cliente: true,
  cpf_cliente: true,
  orgaos: true,
  baixa_deferida_em: true,
  emitido_em: true,
  sha256: true,
});

/** What the public verification page shows: masked data only, and whether the removal still stands. */
export const nadaConstaVerificationSchema = z.object({
  codigo: z.string(),
  /** True only while the process is still `baixa_deferida` under the same grant the certificate records. */
  vigente: z.boolean(),
  /** 'Maria S.' */
  nome_cliente: z.string(),
  /** '***.456.789-**' or '**.ABC.345/01DE-**' */
  cpf_cliente: z.string(),
  protocolo: z.string(),
  protocolo_completo: z.string(),
  orgaos: z.array(z.string()),
  baixa_deferida_em: z.string(),
  emitido_em: z.string(),
  /** SHA-256 (hex) of the PDF as issued: a copy whose hash differs was altered. */
  sha256: z.string(),
});
export type NadaConstaVerification = z.infer<typeof nadaConstaVerificationSchema>;

export function nadaConstaValidityLabel(vigente: boolean): string {
  return vigente ? NADA_CONSTA_MESSAGES.valid : NADA_CONSTA_MESSAGES.notValid;
}

/**
 * Verification codes: 12 characters of Crockford's base32 (60 random bits: unguessable, and with the rate limit on
 * the verification read, not worth walking), shown as XXXX-XXXX-XXXX. The alphabet has no I, L, O or U, so a code
 * read aloud or typed from paper survives the usual confusions, which `parseVerificationCode` forgives.
 */
export const VERIFICATION_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VERIFICATION_CODE_LENGTH = 12;
/** Random bytes a code needs: 8 bytes = 64 bits, of which the code keeps 60. */
export const VERIFICATION_CODE_BYTES = 8;

/** A code from random bytes (the caller's CSPRNG): the canonical 12 characters, without dashes. */
export function verificationCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < VERIFICATION_CODE_BYTES) {
    throw new RangeError(`a verification code needs ${VERIFICATION_CODE_BYTES} random bytes`);
  }
  let value = 0n;
  for (const byte of bytes.subarray(0, VERIFICATION_CODE_BYTES)) value = (value << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) {
    code += VERIFICATION_CODE_ALPHABET[Number(value & 31n)];
    value >>= 5n;
  }
  return code;
}

/** ABCD1234WXYZ → ABCD-1234-WXYZ */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * A typed or scanned code → its canonical 12 characters, or null when it cannot be one. Case, dashes and spaces are
 * ignored; I and L read as 1 and O as 0, as Crockford's base32 prescribes.
 */
export function parseVerificationCode(value: string): string | null {
  if (value.length > 40) return null;
  const cleaned = value.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (cleaned.length !== VERIFICATION_CODE_LENGTH) return null;
  for (const character of cleaned) if (!VERIFICATION_CODE_ALPHABET.includes(character)) return null;
  return cleaned;
}

/** The SPA's page for a code: where the QR code and the e-mail point. */
export function verificationPath(code: string): string {
  return `/verificar/${formatVerificationCode(code)}`;
}
