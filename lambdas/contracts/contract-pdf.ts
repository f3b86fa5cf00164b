import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { CONTRACT_TITLE, signatureLines, type SignatureEvidence } from '../../domain/contract-text.js';
import { embedDocumentFonts } from '../shared/pdf/fonts.js';
import { wrap } from '../shared/pdf/wrap.js';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const SIZE = 10;
const LEADING = 14;

/**
 * The signed contract as a PDF (pdf-lib): the exact text whose SHA-256 the signature records, then the signature
 * block with its evidence and legal basis, in the documents' Unicode font (any name a profile can hold).
 */
export async function renderContractPdf(text: string, evidence: SignatureEvidence): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(CONTRACT_TITLE);
  pdf.setLanguage('pt-BR');
  pdf.setCreationDate(new Date(evidence.signedAt));
  const { regular, bold } = await embedDocumentFonts(pdf);
  const width = A4.width - 2 * MARGIN;
  let page = pdf.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const write = (paragraph: string, font: PDFFont = regular, size = SIZE) => {
    for (const line of wrap(paragraph, font, size, width)) {
      if (y < MARGIN) {
        page = pdf.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.15, 0.2) });
      y -= LEADING;
    }
  };

  for (const line of text.split('\n')) {
    if (line === '') y -= LEADING / 2;
    else write(line, /^(CLÁUSULA|CONTRATO)/.test(line) ? bold : regular);
  }
  y -= LEADING;
  write('ASSINATURA ELETRÔNICA', bold);
  for (const line of signatureLines(evidence)) write(line, regular, 9);
  return pdf.save();
}
