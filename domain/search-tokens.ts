import { onlyDigits } from './documents.js';

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

/** Tokens an admin can find a client by: each name word, the whole e-mail, the document digits. */
export function clientSearchTokens(client: { nome_completo: string; email: string; cpf: string }): string[] {
  const words = normalizeSearchTerm(client.nome_completo)
    .split(/\s+/)
    .filter((w) => w.length >= 2 && !NAME_PARTICLES.has(w));
  const tokens = new Set([...words, normalizeSearchTerm(client.email), onlyDigits(client.cpf)]);
  // Bounded so a profile write always fits in one 100-item transaction.
  return [...tokens].filter((t) => t.length >= 2).slice(0, 20);
}
