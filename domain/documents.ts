import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import type { DocumentType } from './schemas/entities.js';

/**
 * CPF and CNPJ rules (spec 02 §5), with the alphanumeric CNPJ in force since July 2026 (Receita Federal: positions
 * 1–12 are A–Z or 0–9, the two check digits stay numeric, each character counts as its ASCII code minus 48). Check
 * digits come from @brazilian-utils (`version: 2` accepts both CNPJ forms), not hand-rolled.
 */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A document as stored and searched: CPF digits, or the CNPJ's 14 characters upper-cased, punctuation dropped. */
export function normalizeDocument(type: DocumentType, value: string): string {
  return type === 'cpf' ? onlyDigits(value) : value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

const CNPJ_PATTERN = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Length, repeated characters ('111.111.111-11') and check digits are the library's rules. */
export function isValidDocument(type: DocumentType, value: string): boolean {
  const normalized = normalizeDocument(type, value);
  if (type === 'cpf') return isValidCpf(normalized);
  return CNPJ_PATTERN.test(normalized) && isValidCnpj(normalized, { version: 2 });
}

/**
 * The type a typed value most likely is, for the public lookup's single input. A protocol (LM + 8 date digits + 12
 * characters, 22 without dashes; legacy: LM + 13 digits, 15 characters or 17 with its check digit) is neither; a CNPJ
 * (14 characters) may itself start with LM.
 */
export function documentTypeOf(value: string): DocumentType | null {
  const digits = onlyDigits(value);
  if (/^[\d.\-\s]+$/.test(value.trim()) && digits.length === 11) return 'cpf';
  return CNPJ_PATTERN.test(normalizeDocument('cnpj', value)) ? 'cnpj' : null;
}

/** 000.000.000-00 or XX.XXX.XXX/XXXX-00, as every screen shows a stored document. */
export function formatDocument(value: string): string {
  const d = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (d.length === 11) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return value;
}

/** LGPD (art. 6): the public lookup shows only masked personal data, e.g. ***.456.789-** . */
export function maskDocument(value: string): string {
  const d = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return '***';
}

/**
 * joana@gmail.com → j***@***: the first letter, enough for a customer with several mailboxes to know which one the
 * Nada Consta dialog asks for. The domain is not shown: with the first letter it narrows the address for anyone who
 * knows a CPF (docs/decisions.md, An unguessable public lookup).
 */
export function maskEmail(email: string): string {
  return `${email.trim().slice(0, 1)}***@***`;
}

/** Every character of a document hidden, its shape kept: what an answer to a lookup by protocol shows. */
export function hideDocument(value: string): string {
  const d = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (d.length === 14) return '**.***.***/****-**';
  return '***.***.***-**';
}

/** "Maria da Silva" → "Maria S." — enough for a person to recognise their own process. */
export function maskName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]!.slice(0, 1).toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}
