import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FilingDocumentText } from '../../domain/filing-documents.js';
import { embedDocumentFonts } from '../shared/pdf/fonts.js';
import { wrap } from '../shared/pdf/wrap.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 64;
const INK = rgb(0.1, 0.1, 0.1);
const BODY_SIZE = 11.5;
const LEADING = 17;
/**
 * Blank space above the signature line: gov.br's signer stamps its visible signature where the customer drops it, and
 * a hand signature needs room too.
 */
const SIGNATURE_SPACE = 96;

/**
 * A procuração or declaração (domain/filing-documents.ts) as an A4 PDF in the documents' Unicode font, so any name the
 * profile holds prints. Plain black text, justified only by wrapping: what a court's clerk expects to read. It flows
 * onto a second page rather than shrinking a long address.
 */
export async function renderFilingDocumentPdf(text: FilingDocumentText, createdAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(text.title);
  pdf.setLanguage('pt-BR');
  pdf.setCreationDate(createdAt);
  pdf.setModificationDate(createdAt);
  const { regular, bold } = await embedDocumentFonts(pdf);
  const width = A4.width - 2 * MARGIN;
  let page: PDFPage = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const room = (height: number) => {
    if (y - height >= MARGIN) return;
    page = pdf.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const line = (value: string, font: PDFFont, size: number, x = MARGIN) => {
    room(LEADING);
    page.drawText(value, { x, y, size, font, color: INK });
    y -= LEADING;
  };

  const title = text.title.toUpperCase();
  const titleSize = 15;
  line(title, bold, titleSize, MARGIN + (width - bold.widthOfTextAtSize(title, titleSize)) / 2);
  y -= LEADING;

  for (const paragraph of text.paragraphs) {
    if (paragraph.label) line(paragraph.label, bold, BODY_SIZE);
    for (const row of wrap(paragraph.text, regular, BODY_SIZE, width)) line(row, regular, BODY_SIZE);
    y -= LEADING / 2;
  }

  y -= LEADING / 2;
  line(text.placeAndDate, regular, BODY_SIZE);
  // The signature block stays together: the line and the signer's name never split across pages.
  room(SIGNATURE_SPACE + LEADING * (text.signer.length + 1));
  y -= SIGNATURE_SPACE;
  const lineWidth = Math.min(300, width);
  const lineX = MARGIN + (width - lineWidth) / 2;
  page.drawLine({ start: { x: lineX, y }, end: { x: lineX + lineWidth, y }, thickness: 0.8, color: INK });
  y -= LEADING;
  for (const [index, row] of text.signer.entries()) {
    const font = index === 0 ? bold : regular;
    line(row, font, BODY_SIZE, MARGIN + Math.max(0, (width - font.widthOfTextAtSize(row, BODY_SIZE)) / 2));
  }
  return pdf.save();
}
