/**
 * The public lookup's input mask, applied as the person types: a CPF reads 000.000.000-00 and a CNPJ
 * 00.000.000/0000-00 — alphanumeric since July 2026, XX.XXX.XXX/XXXX-00 — while a protocol (LM + date digits + …) is
 * left as typed. The server accepts any of them with or without punctuation (domain/lookup.ts); this only helps the
 * eye. Kept apart from documents.ts and lookup.ts, which the lookup's on-demand calls import (see
 * nada-consta-availability.ts), and free of dependencies: the public page loads it before the first paint.
 */

const CPF_GROUPS = [3, 3, 3, 2];
const CPF_SEPARATORS = ['.', '.', '-'];
const CNPJ_GROUPS = [2, 3, 3, 4, 2];
const CNPJ_SEPARATORS = ['.', '.', '/', '-'];

function group(chars: string, sizes: number[], separators: string[]): string {
  let out = '';
  let at = 0;
  sizes.forEach((size, i) => {
    if (at >= chars.length) return;
    if (i > 0) out += separators[i - 1];
    out += chars.slice(at, at + size);
    at += size;
  });
  return out;
}

/** Whether the typed text is (the start of) a protocol: LM and a digit. */
function looksLikeProtocol(value: string): boolean {
  return /^\s*LM\s*\d/i.test(value);
}

export function maskLookupInput(value: string): string {
  if (looksLikeProtocol(value)) return value;
  const chars = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (chars.length === 0 || chars.length > 14) return value;
  // Letters make it an alphanumeric CNPJ; digits alone are a CPF up to 11, a CNPJ from 12.
  const cnpj = /[A-Z]/.test(chars) || chars.length > 11;
  return cnpj ? group(chars, CNPJ_GROUPS, CNPJ_SEPARATORS) : group(chars, CPF_GROUPS, CPF_SEPARATORS);
}
