/**
 * Text a person typed that ends up printed in a legal document (the contract, the Nada Consta): names, addresses,
 * the city and browser of the signature evidence. One home for what such text may hold, so the profile schema that
 * refuses it, the render-time cleaning of what was stored before, and the PDFs' font all agree.
 *
 * What is printable is what the documents' font (Noto Sans, lambdas/shared/pdf/fonts.ts) draws without a missing
 * glyph and without shaping or right-to-left layout, which pdf-lib does not do: the Latin alphabet with every
 * accent (Portuguese, Polish, Vietnamese…), Greek and Cyrillic, digits and common punctuation. A unit test checks
 * every code point of these ranges against both font files. Emoji are not printable: a colour emoji font would
 * weigh more than the rest of the PDF, and a civil name as the CPF registry holds it has none.
 */

/**
 * Characters that show nothing or steer how others show: controls, format characters (zero-width space and joiners,
 * bidi embeddings, overrides and isolates, the soft hyphen, the BOM), the line and paragraph separators, private-use
 * and unassigned code points, and whatever else Unicode marks as default-ignorable (variation selectors, Hangul
 * fillers). They make two different names look the same, or reorder what a reader sees (a bidi override can turn
 * "Ana" into something else on screen); none belongs in a name or an address.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/** Spaces of other widths (no-break, thin, ideographic…) pasted from documents; read as a plain space. */
const OTHER_SPACES = /[\p{Zs}]/gu;

/** The ranges the documents can print (see above); checked glyph by glyph against the font by a unit test. */
export const PRINTABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x17f], // Latin-1 Supplement, Latin Extended-A
  [0x180, 0x24f], // Latin Extended-B
  [0x250, 0x2af], // IPA extensions (letters of some African and Native American orthographies)
  [0x2b0, 0x2ff], // spacing modifier letters (ʻokina, ʼ)
  [0x300, 0x36f], // combining diacritical marks (a decomposed accent that NFC cannot fold)
  [0x370, 0x3e1], // Greek (0x3e2–0x3ef are Coptic, which the font lacks)
  [0x3f0, 0x3ff],
  [0x400, 0x52f], // Cyrillic and its supplement
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, guillemets
  [0x20a0, 0x20bf], // currency signs
  [0x2116, 0x2116], // numero sign
  [0x2122, 0x2122], // trade mark
];

function isPrintableCodePoint(codePoint: number): boolean {
  return PRINTABLE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}

/** Canonical form before anything is compared, counted or stored: NFC ('José' typed as e + U+0301 becomes one é), spaces plain. */
export function normalizeText(value: string): string {
  return value.normalize('NFC').replace(OTHER_SPACES, ' ');
}

/** True when the text holds a control or invisible character (see INVISIBLE). */
export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE.test(value);
}

/** True when every character of the (normalised, visible) text can be printed in the documents. */
export function isPrintableText(value: string): boolean {
  for (const character of value) {
    if (INVISIBLE.test(character) || !isPrintableCodePoint(character.codePointAt(0)!)) return false;
  }
  return true;
}

/**
 * What a document prints of text stored before the profile refused such characters, or of a header nobody
 * validated: normalised, invisible characters dropped, unprintable ones (emoji, scripts the font lacks) replaced by
 * '?' so a reader sees that something was there, runs of spaces folded.
 */
export function printableText(value: string): string {
  let printable = '';
  for (const character of normalizeText(value).replace(INVISIBLE_ALL, '')) {
    printable += isPrintableCodePoint(character.codePointAt(0)!) ? character : '?';
  }
  return printable.replace(/ {2,}/g, ' ').trim();
}
