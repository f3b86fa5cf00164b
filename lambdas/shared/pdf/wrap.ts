import type { PDFFont } from 'pdf-lib';

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of a line as the sum of its characters' advances, each measured once per font. pdf-lib measures a string
 * by laying it out with fontkit, a millisecond or more per call with an embedded font, and wrapping asks for every
 * word; the documents' fonts draw without kerning (lambdas/shared/pdf/fonts.ts), so the sum is the drawn width.
 */
export function textWidth(text: string, font: PDFFont, size: number): number {
  let cache = advances.get(font);
  if (!cache) advances.set(font, (cache = new Map()));
  let units = 0;
  for (const character of text) {
    let advance = cache.get(character);
    if (advance === undefined) cache.set(character, (advance = font.widthOfTextAtSize(character, 1000)));
    units += advance;
  }
  return (units * size) / 1000;
}

/** Splits a paragraph into lines that fit `width` at this font and size; a word longer than a line gets one alone. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A URL has no spaces to wrap at: cut it by width instead. */
export function breakUrl(url: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const character of url) {
    if (line && textWidth(line + character, font, size) > width) {
      lines.push(line);
      line = '';
    }
    line += character;
  }
  if (line) lines.push(line);
  return lines;
}
