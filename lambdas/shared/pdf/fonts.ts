import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import notoSansBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf';
import notoSansRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

/**
 * The documents' font: Noto Sans (SIL Open Font License), which draws every character domain/printable-text.ts lets a
 * profile hold — Latin with every accent, Vietnamese, Greek, Cyrillic. pdf-lib's standard Helvetica knows only
 * WinAnsi, so 'Łukasz' or 'Nguyễn' made signing fail. The files ship beside the function's code (esbuild's file
 * loader, lib/bundling.ts) and are read on the first document, not parsed as code at every cold start.
 */
const DOCUMENT_FONT_URLS = { regular: notoSansRegular, bold: notoSansBold } as const;

let fontFiles: Record<keyof typeof DOCUMENT_FONT_URLS, Uint8Array> | undefined;

/** The bytes of both weights, read once per instance. */
export function documentFontFiles(): Record<keyof typeof DOCUMENT_FONT_URLS, Uint8Array> {
  fontFiles ??= {
    regular: new Uint8Array(readFileSync(new URL(DOCUMENT_FONT_URLS.regular, import.meta.url))),
    bold: new Uint8Array(readFileSync(new URL(DOCUMENT_FONT_URLS.bold, import.meta.url))),
  };
  return fontFiles;
}

/**
 * pdf-lib is written against its own fork, @pdf-lib/fontkit, whose TrueType subsets are corrupt (a short 'loca' table
 * without the padding it needs: most glyphs come out blank while the text still extracts). Upstream fontkit fixed that
 * in 1.8; its 2.x returns a subset's bytes from encode() where pdf-lib reads encodeStream(), which is all this adapts.
 */
export const upstreamFontkit: Fontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
      return subset;
    };
    return font;
  },
} as unknown as Fontkit;

export type DocumentFonts = { regular: PDFFont; bold: PDFFont };

/**
 * OpenType features the layout leaves off. 'ccmp' would split 'ị' into 'i' and a combining dot that pdf-lib's text
 * map cannot name (the PDF's text would read 'i1'); the rest cost a contract seconds of layout on Lambda and give
 * nothing every letter lacks in its precomposed form (kerning, mark placement, ligatures). A fresh object per font:
 * fontkit writes its defaults into the one it is given.
 */
const plainLayout = () => ({
  ccmp: false,
  kern: false,
  mark: false,
  mkmk: false,
  liga: false,
  clig: false,
  calt: false,
  frac: false,
  numr: false,
  dnom: false,
});

/** Embeds both weights, subset to the glyphs the document uses, so a PDF carries kilobytes of font, not 1.2 MB. */
export async function embedDocumentFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  pdf.registerFontkit(upstreamFontkit);
  const files = documentFontFiles();
  const [regular, bold] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true, features: plainLayout() }),
    pdf.embedFont(files.bold, { subset: true, features: plainLayout() }),
  ]);
  return { regular, bold };
}
