/** Lower case, no accents, letters/digits/@._- only: how names, e-mails and documents are searched. */
export function normalizeSearchTerm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9@._\- ]/g, ' ')
    .trim();
}

/** Name particles nobody searches by; as tokens they would put most clients in one search partition. */
const NAME_PARTICLES = new Set(['da', 'de', 'di', 'do', 'du', 'das', 'dos', 'e']);

/**
 * Tokens an admin can find a client by: each name word, the whole e-mail, and the document as stored (CPF digits or
 * the alphanumeric CNPJ), lower-cased like every search term.
 */
export function clientSearchTokens(client: { nome_completo: string; email: string; cpf: string }): string[] {
  const words = normalizeSearchTerm(client.nome_completo)
    .split(/\s+/)
    .filter((w) => w.length >= 2 && !NAME_PARTICLES.has(w));
  const tokens = new Set([...words, normalizeSearchTerm(client.email), documentSearchTerm(client.cpf)]);
  // Bounded so a profile write always fits in one 100-item transaction.
  return [...tokens].filter((t) => t.length >= 2).slice(0, 20);
}

/** A document typed in a search box (formatted or not, any case) as its token: lower-case letters and digits. */
export function documentSearchTerm(value: string): string {
  return value.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/** Whether a search term is a document (CPF or CNPJ, even partly typed): it has a digit and only document characters. */
export function looksLikeDocument(term: string): boolean {
  return /\d/.test(term) && /^[0-9A-Za-z.\-/\s]+$/.test(term.trim());
}

/** Shorter search terms are refused: no search token is shorter (`clientSearchTokens`). */
export const MIN_SEARCH_TERM_LENGTH = 2;

/**
 * What a client search looks up: a document by its characters (punctuation dropped), anything else by its first word,
 * normalized. The server searches with it and the screen refuses, by the same rule, a term too short to find anything.
 */
export function clientSearchNeedle(term: string): string {
  return looksLikeDocument(term) ? documentSearchTerm(term) : (normalizeSearchTerm(term).split(/\s+/)[0] ?? '');
}

/**
 * A piece of a protocol typed with its dashes and no digit ('XTD-M') is not a document to `clientSearchNeedle`, so its
 * needle keeps the dash and never meets a protocol token (stored without dashes). For such a term, the needle a protocol
 * piece would have; the search looks it up too. Null when the term's needle already is that (any term with a digit).
 */
export function protocolPieceNeedle(term: string): string | null {
  const trimmed = term.trim();
  if (!/^[0-9A-Za-z-]+$/.test(trimmed) || !trimmed.includes('-')) return null;
  const piece = documentSearchTerm(trimmed);
  return piece.length >= MIN_PROTOCOL_FRAGMENT_LENGTH && piece !== clientSearchNeedle(trimmed) ? piece : null;
}

export function isClientSearchTooShort(term: string): boolean {
  return clientSearchNeedle(term).length < MIN_SEARCH_TERM_LENGTH;
}

/**
 * The shortest piece of a protocol the search finds it by ("any 4+ characters of it"; docs/decisions.md, "One admin
 * search: protocol pieces and CNJ numbers as tokens").
 */
export const MIN_PROTOCOL_FRAGMENT_LENGTH = 4;

/**
 * Tokens a contract is found by: its protocol as typed (`LM2026…`, lower-cased, dashes dropped) and every suffix of
 * 4 or more characters after `LM`, so a prefix search of the tokens finds any piece of the protocol ("K7Q3-9XT", "9XTD").
 * At most 20 (a current protocol has 18), so pattern 6's transaction stays far from its 100 items.
 */
export function protocolSearchTokens(protocolo: string): string[] {
  const whole = documentSearchTerm(protocolo);
  const tokens = new Set([whole]);
  const body = whole.startsWith('lm') ? whole.slice(2) : whole;
  for (let start = 0; start + MIN_PROTOCOL_FRAGMENT_LENGTH <= body.length; start += 1) tokens.add(body.slice(start));
  return [...tokens].slice(0, 20);
}

/** The token a court case is found by: the CNJ number's 20 digits (typed with or without its dots and dashes). */
export function cnjSearchToken(numeroCnj: string): string {
  return documentSearchTerm(numeroCnj);
}
