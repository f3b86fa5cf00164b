/**
 * The CNJ's unified case number (Resolução CNJ 65/2008): `NNNNNNN-DD.AAAA.J.TR.OOOO` — the court's sequence, two check
 * digits, the filing year, the branch of justice (J), the court (TR) and the originating unit (OOOO). The check digits
 * are ISO 7064 mod 97-10 (Annex VIII): the 20 digits with DD moved to the end leave remainder 1 when divided by 97.
 * A case number is public data: the public lookup may show it.
 */

/** The number's parts, each as written (digits, zero-padded). */
export type CnjNumberParts = {
  readonly sequence: string;
  readonly checkDigits: string;
  readonly year: string;
  /** The branch of justice (J): 4 federal, 5 labour, 8 state... */
  readonly justice: string;
  /** The court within the branch (TR): 26 with J = 8 is TJSP. */
  readonly court: string;
  /** The originating unit (OOOO). */
  readonly origin: string;
};

/** Why a typed case number cannot be a CNJ number; `undefined` when it can. */
export type CnjNumberProblem = 'format' | 'check_digits' | 'unknown_court';

/** The 20 digits of a typed number, with or without its mask; `undefined` unless exactly 20 digits and separators. */
export function cnjDigits(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (!/^[\d.\-\s]+$/.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  return digits.length === 20 ? digits : undefined;
}

/** `NNNNNNN-DD.AAAA.J.TR.OOOO` of 20 digits. */
export function formatCnjNumber(digits: string): string {
  return `${digits.slice(0, 7)}-${digits.slice(7, 9)}.${digits.slice(9, 13)}.${digits.slice(13, 14)}.${digits.slice(14, 16)}.${digits.slice(16, 20)}`;
}

export function cnjNumberParts(digits: string): CnjNumberParts {
  return {
    sequence: digits.slice(0, 7),
    checkDigits: digits.slice(7, 9),
    year: digits.slice(9, 13),
    justice: digits.slice(13, 14),
    court: digits.slice(14, 16),
    origin: digits.slice(16, 20),
  };
}

/** The two check digits of a number's other 18 digits (sequence, year, J, TR, origin), per Annex VIII. */
export function cnjCheckDigits(parts: Omit<CnjNumberParts, 'checkDigits'>): string {
  const base = BigInt(`${parts.sequence}${parts.year}${parts.justice}${parts.court}${parts.origin}00`);
  return String(98n - (base % 97n)).padStart(2, '0');
}

/** Whether a number's check digits hold: the 20 digits with DD moved to the end are 1 mod 97. */
export function hasValidCnjCheckDigits(digits: string): boolean {
  const parts = cnjNumberParts(digits);
  return (
    BigInt(`${parts.sequence}${parts.year}${parts.justice}${parts.court}${parts.origin}${parts.checkDigits}`) % 97n ===
    1n
  );
}

/** The states in the order of the TR codes of state courts (J = 8) and of electoral courts (J = 6). */
const STATES_BY_COURT_CODE = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore

/** A court: its acronym as the CNJ writes it (TJSP, TRF1, TRT2) and its DataJud index alias (`api_publica_tjsp`). */
export type Court = { readonly acronym: string; readonly datajudAlias: string };

/**
 * The court of a number, from J and TR (Resolução 65, Annexes II and III). Only the branches whose cases this service
 * could file or meet: state courts (8), federal (4), labour (5), and the higher courts; `undefined` for the others
 * (electoral, military) and for a TR no court has.
 */
export function courtOf(digits: string): Court | undefined {
  const { justice, court } = cnjNumberParts(digits);
  const tr = Number(court);
  const acronym = ((): string | undefined => {
    switch (justice) {
      case '3':
        return tr === 0 ? 'STJ' : undefined;
      case '4':
        return tr >= 1 && tr <= 6 ? `TRF${tr}` : undefined;
      case '5':
        return tr >= 1 && tr <= 24 ? `TRT${tr}` : undefined;
      case '8': {
        const state = STATES_BY_COURT_CODE[tr - 1];
        if (!state) return undefined;
        return state === 'DF' ? 'TJDFT' : `TJ${state}`;
      }
      default:
        return undefined;
    }
  })();
  return acronym ? { acronym, datajudAlias: `api_publica_${acronym.toLowerCase()}` } : undefined;
}

/** Why a typed number is refused, or `undefined` when it is a CNJ number of a known court. */
export function cnjNumberProblem(typed: string): CnjNumberProblem | undefined {
  const digits = cnjDigits(typed);
  if (!digits) return 'format';
  if (!hasValidCnjCheckDigits(digits)) return 'check_digits';
  if (!courtOf(digits)) return 'unknown_court';
  return undefined;
}

/** The pt-BR reason shown for each problem (a 400's message, the form's inline error). */
export const CNJ_NUMBER_MESSAGES: Record<CnjNumberProblem, string> = {
  format: 'Informe o número do processo no padrão do CNJ: NNNNNNN-DD.AAAA.J.TR.OOOO (20 dígitos).',
  check_digits: 'O número do processo não confere: os dígitos verificadores (DD) não batem com o restante do número.',
  unknown_court: 'O número do processo não indica um tribunal conhecido (confira os campos J e TR).',
};
