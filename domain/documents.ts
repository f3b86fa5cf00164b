import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import type { DocumentType } from './schemas/entities.js';

/** CPF and CNPJ rules (spec 02 §5). Check digits come from @brazilian-utils, not hand-rolled. */
export const DOCUMENT_LENGTHS: Record<DocumentType, number> = { cpf: 11, cnpj: 14 };

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function isValidDocument(type: DocumentType, value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== DOCUMENT_LENGTHS[type] || /^(\d)\1+$/.test(digits)) return false;
  return type === 'cpf' ? isValidCpf(digits) : isValidCnpj(digits);
}

/** The type a bare number most likely is, for the public lookup's single input. */
export function documentTypeOf(value: string): DocumentType | null {
  const digits = onlyDigits(value);
  if (digits.length === 11) return 'cpf';
  if (digits.length === 14) return 'cnpj';
  return null;
}

/** LGPD (art. 6): the public lookup shows only masked personal data, e.g. ***.456.789-** . */
export function maskDocument(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return '***';
}

/** j***@g***.com */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${user.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** "Maria da Silva" → "Maria S." — enough for a person to recognise their own process. */
export function maskName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '';
  const last = parts.length > 1 ? ` ${parts[parts.length - 1]!.slice(0, 1).toUpperCase()}.` : '';
  return `${parts[0]}${last}`;
}
