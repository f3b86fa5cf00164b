import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../domain/messages.js';
import {
  hasInvisibleCharacters,
  isPrintableText,
  normalizeText,
  printableText,
} from '../../../domain/printable-text.js';
import { profileDetailsSchema } from '../../../domain/schemas/profile-input.js';
import { geoFromViewerHeaders, signerUserAgent } from '../../../domain/signature-evidence.js';
import { EMOJI_NAME, INVISIBLE_NAMES, PRINTABLE_NAMES } from '../../names.js';

const details = {
  nome_completo: 'Ana Maria',
  whatsapp: '(35) 99876-5432',
  cep: '37470-000',
  endereco: 'Rua Um, 1',
  numero: '1',
  complemento: '',
  bairro: 'Centro',
  cidade: 'São Lourenço',
  estado: 'MG',
};
const nameIssues = (name: string) =>
  profileDetailsSchema
    .safeParse({ ...details, nome_completo: name })
    .error?.issues.filter((issue) => issue.path.join('.') === 'nome_completo')
    .map((issue) => issue.message);

describe('printable text (names and addresses the documents print)', () => {
  it('normalises to NFC and reads other spaces as plain ones', () => {
    expect(normalizeText('Jose\u0301')).toBe('José');
    expect(normalizeText('Jose\u0301')).toHaveLength(4);
    expect(normalizeText('Ana\u00A0Maria\u2009Souza')).toBe('Ana Maria Souza');
  });

  it('finds controls, zero-width and bidi characters, and nothing in ordinary names', () => {
    for (const name of INVISIBLE_NAMES) expect(hasInvisibleCharacters(name), name).toBe(true);
    for (const character of ['\t', '\n', '\u0000', '\u00AD', '\u200D', '\u2028', '\uFE0F', '\uE000', '\u3164']) {
      expect(hasInvisibleCharacters(`Ana${character}Maria`), escape(character)).toBe(true);
    }
    for (const { printed } of PRINTABLE_NAMES) expect(hasInvisibleCharacters(printed)).toBe(false);
    expect(hasInvisibleCharacters("Rua D'Ávila, nº 12 — apto. 3/B")).toBe(false);
  });

  it('prints Latin with any accent, Greek and Cyrillic; not emoji, CJK or right-to-left scripts', () => {
    for (const { printed } of PRINTABLE_NAMES) expect(isPrintableText(printed), printed).toBe(true);
    expect(isPrintableText('Σοφία Παπαδοπούλου')).toBe(true);
    expect(isPrintableText('Анна Иванова')).toBe(true);
    expect(isPrintableText(EMOJI_NAME)).toBe(false);
    expect(isPrintableText('山田 太郎')).toBe(false);
    expect(isPrintableText('محمد')).toBe(false);
    expect(isPrintableText('Ana\u200BMaria')).toBe(false);
  });

  it('cleans stored text for printing: invisible dropped, unprintable shown as ?, spaces folded', () => {
    expect(printableText('Jose\u0301\u200B  da\u00A0Silva ')).toBe('José da Silva');
    expect(printableText('Ana \u202Emaria')).toBe('Ana maria');
    expect(printableText(EMOJI_NAME)).toBe('Ana ?');
    expect(printableText('Ana 👨‍👩‍👧')).toBe('Ana ???');
    expect(printableText('Zoë Ñúñez')).toBe('Zoë Ñúñez');
  });
});

describe('profile schema: names in any alphabet the documents print', () => {
  it('accepts every test name and stores it in NFC', () => {
    for (const { typed, printed } of PRINTABLE_NAMES) {
      expect(profileDetailsSchema.parse({ ...details, nome_completo: typed }).nome_completo).toBe(printed);
    }
  });

  it('refuses invisible characters with their own message', () => {
    for (const name of INVISIBLE_NAMES) expect(nameIssues(name), name).toEqual([PROFILE_MESSAGES.invisibleCharacters]);
  });

  it('refuses an emoji with a message that says so', () => {
    expect(nameIssues(EMOJI_NAME)).toEqual([PROFILE_MESSAGES.unsupportedCharacters]);
    expect(PROFILE_MESSAGES.unsupportedCharacters).toContain('Emojis');
  });

  it('checks every printed field, not only the name', () => {
    for (const field of ['endereco', 'numero', 'complemento', 'bairro', 'cidade'] as const) {
      const result = profileDetailsSchema.safeParse({ ...details, [field]: `Centro\u200B ${field}` });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [field, PROFILE_MESSAGES.invisibleCharacters],
      ]);
    }
    expect(profileDetailsSchema.parse({ ...details, bairro: 'Sa\u0303o Jose\u0301' }).bairro).toBe('São José');
  });
});

describe('signing evidence: cleaned as the profile is', () => {
  it('folds and cleans the city header', () => {
    const city = encodeURIComponent('Sa\u0303o\u200B Paulo');
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-city': city }).cidade).toBe('São Paulo');
    expect(geoFromViewerHeaders({ 'cloudfront-viewer-city': encodeURIComponent('東京') }).cidade).toBe('N/A');
  });

  it('keeps the user agent printable and short', () => {
    expect(signerUserAgent('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Mozilla/5.0 (X11; Linux x86_64)');
    expect(signerUserAgent('Bot\u202E\u0000 😀')).toBe('Bot ?');
    expect(signerUserAgent('A'.repeat(400))).toHaveLength(300);
    expect(signerUserAgent(undefined)).toBe('N/A');
    expect(signerUserAgent('\u200B')).toBe('N/A');
  });
});
