import * as z from 'zod';
import { isValidDocument, normalizeDocument, onlyDigits } from '../documents.js';
import { PARTNER_MESSAGES } from '../filing-documents.js';
import { PROFILE_MESSAGES } from '../messages.js';
import { hasInvisibleCharacters, isPrintableText, normalizeText } from '../printable-text.js';
import { INVITE_CODE_PATTERN, normalizeReferralCode, REFERRAL_CODE_PATTERN } from '../referral-code.js';
import { documentTypeSchema } from './entities.js';

/**
 * The profile form (spec 02 §5), shared by the screen (react-hook-form) and the API; messages are the spec's.
 * The e-mail is not part of it: the server takes it from the caller's verified token, and it changes only through
 * the change-email confirmation.
 */

/**
 * Text the contract and the Nada Consta print (domain/printable-text.ts): stored in NFC, so a name typed with a
 * combining accent and one typed with the precomposed letter are the same name; invisible characters and what the
 * documents cannot print are refused, each with its own message.
 */
const printedText = () =>
  z
    .string()
    .overwrite(normalizeText)
    .trim()
    .refine((value) => !hasInvisibleCharacters(value), PROFILE_MESSAGES.invisibleCharacters)
    .refine((value) => hasInvisibleCharacters(value) || isPrintableText(value), PROFILE_MESSAGES.unsupportedCharacters);

/** The fields every save sends: everything but the document (read-only once the profile exists). */
export const profileDetailsSchema = z.object({
  nome_completo: printedText().min(3, PROFILE_MESSAGES.nameTooShort).max(120, PROFILE_MESSAGES.nameTooLong),
  whatsapp: z
    .string()
    .trim()
    .min(10, PROFILE_MESSAGES.invalidWhatsapp)
    .max(15, PROFILE_MESSAGES.invalidWhatsapp)
    .refine((value) => /^[\d()\s+-]+$/.test(value) && onlyDigits(value).length >= 10, PROFILE_MESSAGES.invalidWhatsapp),
  cep: z
    .string()
    .trim()
    .min(8, PROFILE_MESSAGES.invalidCep)
    .max(9, PROFILE_MESSAGES.invalidCep)
    .refine((value) => /^\d{5}-?\d{3}$/.test(value), PROFILE_MESSAGES.invalidCep),
  endereco: printedText().min(5, PROFILE_MESSAGES.streetRequired).max(200),
  numero: printedText().min(1, PROFILE_MESSAGES.numberRequired).max(20),
  complemento: printedText()
    .max(100)
    .nullish()
    // Stored as null when empty (spec 02 §3).
    .transform((value) => (value ? value : null)),
  bairro: printedText().min(2, PROFILE_MESSAGES.neighbourhoodRequired).max(100),
  cidade: printedText().min(2, PROFILE_MESSAGES.cityRequired).max(100),
  estado: z
    .string()
    .trim()
    .min(2, PROFILE_MESSAGES.stateRequired)
    .max(2, PROFILE_MESSAGES.stateRequired)
    .transform((value) => value.toUpperCase()),
  // A company's signing partner, optional here: the procuração asks for them when it is generated (409 until then).
  socio_nome: printedText()
    .max(120, PROFILE_MESSAGES.nameTooLong)
    .nullish()
    .refine((value) => !value || value.length >= 3, PARTNER_MESSAGES.nameTooShort)
    .transform((value) => (value ? value : null)),
  socio_cpf: z
    .string()
    .trim()
    .max(20, PARTNER_MESSAGES.invalidCpf)
    .nullish()
    .refine((value) => !value || isValidDocument('cpf', value), PARTNER_MESSAGES.invalidCpf)
    .transform((value) => (value ? onlyDigits(value) : null)),
});
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

/** A referral code kept from the sign-up link; a malformed one is dropped, never an error (linking never blocks). */
const optionalCode = (pattern: RegExp) =>
  z
    .string()
    .max(40)
    .nullish()
    .transform((value) => {
      const code = normalizeReferralCode(value ?? '');
      return pattern.test(code) ? code : null;
    });

/** The first save: the details plus the document, and the referral captured at sign-up. */
export const newProfileSchema = profileDetailsSchema
  .extend({
    tipo_documento: documentTypeSchema.default('cpf'),
    cpf: z.string().trim().min(1, PROFILE_MESSAGES.documentRequired).max(20, PROFILE_MESSAGES.invalidDocument),
    referral_ref: optionalCode(REFERRAL_CODE_PATTERN),
    referral_invite: optionalCode(INVITE_CODE_PATTERN),
  })
  .superRefine((value, ctx) => {
    const normalized = normalizeDocument(value.tipo_documento, value.cpf);
    if (normalized.length < 11) {
      ctx.addIssue({ code: 'custom', path: ['cpf'], message: PROFILE_MESSAGES.invalidDocument });
    } else if (!isValidDocument(value.tipo_documento, value.cpf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cpf'],
        message: value.tipo_documento === 'cpf' ? PROFILE_MESSAGES.invalidCpf : PROFILE_MESSAGES.invalidCnpj,
      });
    }
  })
  // Stored as searched: CPF digits, or the CNPJ's 14 characters upper-cased.
  .transform((value) => ({ ...value, cpf: normalizeDocument(value.tipo_documento, value.cpf) }));
export type NewProfile = z.output<typeof newProfileSchema>;
export type NewProfileInput = z.input<typeof newProfileSchema>;

/** What the data layer stores on the first save: the form plus the e-mail of the caller's token. */
export type ProfileInput = Omit<NewProfile, 'referral_ref' | 'referral_invite' | 'socio_nome' | 'socio_cpf'> &
  Partial<Pick<NewProfile, 'socio_nome' | 'socio_cpf'>> & { email: string };
