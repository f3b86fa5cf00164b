import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { lawyersLine, legalIdentityLine, type CompanyIdentity } from '../../domain/company.js';
import { COURT_CASE_LABELS } from '../../domain/court-movements.js';
import { formatDate, formatDateTime } from '../../domain/dates.js';
import { AUTH_MESSAGES, DASHBOARD_MESSAGES } from '../../domain/messages.js';
import { formatVerificationCode } from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import { embedDocumentFonts } from '../shared/pdf/fonts.js';
import { breakUrl, wrap } from '../shared/pdf/wrap.js';

/** What a Nada Consta prints: masked holder data only (LGPD art. 6), the grant, and how to check it. */
export type NadaConstaContent = {
  holderName: string;
  /** The masked document and what it is ('CPF' or 'CNPJ'). */
  document: { label: 'CPF' | 'CNPJ'; masked: string };
  protocolo: string;
  /** The CNJ number of the case that granted the removal, and its court (public data), when the process has one. */
  courtCase?: { numeroCnj: string; tribunal: string | null } | null;
  bureaus: readonly string[];
  grantedAt: string;
  issuedAt: string;
  code: string;
  verificationUrl: string;
  /** Who issues it: the stage's company identity, so a bank or landlord knows whom to ask. */
  issuer: CompanyIdentity;
};

export const NADA_CONSTA_TITLE = 'Nada Consta';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.1, 0.15, 0.2);
const MUTED = rgb(0.35, 0.4, 0.45);
const ACCENT = rgb(0.05, 0.4, 0.3);
const QR_SIZE = 132;

/** The statement the certificate makes, in the words a bank or landlord reads. */
export function nadaConstaStatement(content: Pick<NadaConstaContent, 'protocolo' | 'bureaus' | 'grantedAt'>): string {
  const bureaus = `${content.bureaus.slice(0, -1).join(', ')} e ${content.bureaus.at(-1)}`;
  return (
    `Certificamos que foi deferida em ${formatDate(content.grantedAt)} a baixa temporária dos apontamentos em nome ` +
    `do titular acima nos órgãos de proteção ao crédito ${bureaus}, no processo de protocolo ` +
    `${fullProtocol(content.protocolo)}.`
  );
}

/**
 * The Nada Consta PDF (pdf-lib, A4, one page): title, holder, grant, issue time, the verification code with its QR
 * code and URL, and the warning that the removal is temporary, in the documents' Unicode font.
 */
export async function renderNadaConstaPdf(content: NadaConstaContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${NADA_CONSTA_TITLE} ${formatVerificationCode(content.code)}`);
  pdf.setSubject(`Protocolo ${fullProtocol(content.protocolo)}`);
  pdf.setLanguage('pt-BR');
  pdf.setCreationDate(new Date(content.issuedAt));
  pdf.setModificationDate(new Date(content.issuedAt));
  const { regular, bold } = await embedDocumentFonts(pdf);
  const qr = await pdf.embedPng(
    await QRCode.toBuffer(content.verificationUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 264 }),
  );
  const page = pdf.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;

  const text = (value: string, options: { font?: PDFFont; size?: number; color?: typeof INK; x?: number }) => {
    page.drawText(value, {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });
  };
  const paragraph = (value: string, font: PDFFont, size: number, color = INK, maxWidth = width) => {
    for (const line of wrap(value, font, size, maxWidth)) {
      text(line, { font, size, color });
      y -= size + 5;
    }
  };

  text(`${content.issuer.brand.toUpperCase()} · ${AUTH_MESSAGES.subtitle.toUpperCase()}`, { size: 9, color: MUTED });
  y -= 40;
  text(NADA_CONSTA_TITLE, { font: bold, size: 30, color: ACCENT });
  y -= 22;
  text('Certidão de baixa temporária de apontamentos', { size: 13, color: MUTED });
  y -= 18;
  rule(page, y, width);
  y -= 30;

  const fields: [string, string][] = [
    ['Titular', content.holderName],
    [content.document.label, content.document.masked],
    ['Protocolo', fullProtocol(content.protocolo)],
    ...(content.courtCase
      ? ([
          [
            COURT_CASE_LABELS.number,
            `${content.courtCase.numeroCnj}${content.courtCase.tribunal ? ` (${content.courtCase.tribunal})` : ''}`,
          ],
        ] as [string, string][])
      : []),
    ['Órgãos de proteção ao crédito', content.bureaus.join(', ')],
    ['Baixa deferida em', formatDate(content.grantedAt)],
    ['Emitido em', `${formatDateTime(content.issuedAt)} (horário de Brasília)`],
    ['Código de verificação', formatVerificationCode(content.code)],
  ];
  // The court case's line is the eighth field: the rows close up a little so the certificate stays one page.
  const fieldGap = fields.length > 7 ? 17 : 22;
  for (const [label, value] of fields) {
    text(label, { size: 9, color: MUTED });
    y -= 15;
    text(value, { font: bold, size: 12 });
    y -= fieldGap;
  }

  y -= 6;
  paragraph(nadaConstaStatement(content), regular, 11);

  y -= 24;
  rule(page, y + 12, width);
  const qrTop = y;
  page.drawImage(qr, { x: MARGIN, y: qrTop - QR_SIZE, width: QR_SIZE, height: QR_SIZE });
  const textX = MARGIN + QR_SIZE + 20;
  const textWidth = width - QR_SIZE - 20;
  y = qrTop - 16;
  page.drawText('Confira a autenticidade e a situação atual', { x: textX, y, size: 11, font: bold, color: INK });
  y -= 16;
  for (const line of wrap('Aponte a câmera para o código QR ou acesse o endereço abaixo.', regular, 10, textWidth)) {
    page.drawText(line, { x: textX, y, size: 10, font: regular, color: MUTED });
    y -= 14;
  }
  y -= 6;
  for (const line of breakUrl(content.verificationUrl, regular, 10, textWidth)) {
    page.drawText(line, { x: textX, y, size: 10, font: regular, color: ACCENT });
    y -= 14;
  }
  y = Math.min(y, qrTop - QR_SIZE) - 36;

  text('Importante', { font: bold, size: 10 });
  y -= 15;
  paragraph(DASHBOARD_MESSAGES.temporaryWarning, regular, 10, MUTED);
  paragraph(
    'Este documento atesta a situação do processo na data e hora de emissão. A situação atual pode ser conferida a ' +
      'qualquer momento pelo código de verificação; o documento não substitui as certidões emitidas pelos próprios ' +
      'órgãos de proteção ao crédito.',
    regular,
    10,
    MUTED,
  );

  // Who issues it, in small print: whom a bank or landlord asks about this document.
  y -= 10;
  const { issuer } = content;
  const lawyers = `${issuer.lawyers.length > 1 ? 'Advogados responsáveis' : 'Advogado(a) responsável'}: ${lawyersLine(issuer)}`;
  paragraph(`Emitido por ${legalIdentityLine(issuer)}, ${issuer.address}. ${lawyers}.`, regular, 8, MUTED);
  paragraph(
    `Atendimento: ${issuer.supportEmail} · WhatsApp ${issuer.whatsappDisplay} · Telefone ${issuer.phoneDisplay}.`,
    regular,
    8,
    MUTED,
  );
  // One page: a text that grows (a long address, three lawyers) must fail here, not print past the page's edge.
  if (y < MARGIN / 2) throw new Error(`The Nada Consta does not fit one page (y = ${Math.round(y)})`);
  return pdf.save();
}

function rule(page: PDFPage, y: number, width: number) {
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.7, color: MUTED });
}
