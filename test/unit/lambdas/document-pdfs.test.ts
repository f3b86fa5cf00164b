import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import * as fontkit from 'fontkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { contractText } from '../../../domain/contract-text.js';
import { hasInvisibleCharacters, PRINTABLE_RANGES, printableText } from '../../../domain/printable-text.js';
import { renderNadaConstaPdf } from '../../../lambdas/certificates/nada-consta-pdf.js';
import { renderContractPdf } from '../../../lambdas/contracts/contract-pdf.js';
import { documentFontFiles } from '../../../lambdas/shared/pdf/fonts.js';
import { createProfileInput } from '../../factories.js';
import { EMOJI_NAME, PRINTABLE_NAMES } from '../../names.js';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  // Text extraction returns what the PDF's ToUnicode maps say, composed as the font drew it.
  return text.normalize('NFC').replace(/\s+/g, ' ');
}

const evidence = {
  signedAt: '2026-03-02T13:00:00.000Z',
  ip: '203.0.113.7',
  city: 'São Lourenço',
  state: 'MG',
  country: 'Brasil',
  userAgent: 'Mozilla/5.0',
  textSha256: 'a'.repeat(64),
  consent: 'Li e concordo com os termos do contrato',
};

const nadaConsta = (holderName: string) =>
  renderNadaConstaPdf({
    holderName,
    document: { label: 'CPF', masked: '***.982.247-**' },
    protocolo: 'LM2026030200001',
    bureaus: ['SPC', 'SERASA', 'BOA VISTA', 'SCPC'],
    grantedAt: '2026-03-02T13:00:00.000Z',
    issuedAt: '2026-03-03T13:00:00.000Z',
    code: 'ABCD2345EFGH',
    verificationUrl: 'http://127.0.0.1:5173/verificar/ABCD2345EFGH',
    issuer: EXAMPLE_COMPANY,
  });

describe('the documents’ font', () => {
  it('has a glyph, in both weights, for every character a profile may hold', () => {
    const fonts = Object.values(documentFontFiles()).map((bytes) => fontkit.create(Buffer.from(bytes)) as fontkit.Font);
    const missing: string[] = [];
    for (const [from, to] of PRINTABLE_RANGES) {
      for (let codePoint = from; codePoint <= to; codePoint++) {
        const character = String.fromCodePoint(codePoint);
        if (hasInvisibleCharacters(character)) continue;
        if (!fonts.every((font) => font.hasGlyphForCodePoint(codePoint))) missing.push(codePoint.toString(16));
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('contract and Nada Consta PDFs print names in any alphabet', () => {
  it.each(PRINTABLE_NAMES)('contract for $printed', async ({ typed, printed }) => {
    const text = contractText(
      { valor: 399, protocolo: 'LM2026030200001' },
      createProfileInput({ nome_completo: typed }),
      EXAMPLE_COMPANY,
    );
    const pdf = await renderContractPdf(text, evidence);
    const extracted = await pdfText(pdf);
    expect(extracted).toContain(`CONTRATANTE: ${printed}, inscrito(a)`);
    expect(extracted).toContain('Localização aproximada: São Lourenço/MG, Brasil.');
    // Subset: the two weights together weigh a few dozen kilobytes in the file, not the fonts' 1.2 MB.
    expect(pdf.byteLength).toBeLessThan(120_000);
  });

  it.each(PRINTABLE_NAMES)('Nada Consta for $printed', async ({ masked }) => {
    const pdf = await nadaConsta(masked);
    expect(await pdfText(pdf)).toContain(`Titular ${masked} CPF ***.982.247-**`);
    expect(pdf.byteLength).toBeLessThan(80_000);
  });

  it('names its issuer: razão social, CNPJ, responsible lawyer and support channels', async () => {
    const text = await pdfText(await nadaConsta('M*** S***'));
    for (const fact of [
      `Emitido por ${EXAMPLE_COMPANY.legalName} — CNPJ ${EXAMPLE_COMPANY.cnpj}`,
      EXAMPLE_COMPANY.lawyers[0]!.oab,
      EXAMPLE_COMPANY.supportEmail,
      EXAMPLE_COMPANY.whatsappDisplay,
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(fact);
    }
  });

  it('prints a name stored before emoji and invisible characters were refused, cleaned, and hashes what it prints', async () => {
    const stored = `${EMOJI_NAME}\u200B Maria`;
    const text = contractText(
      { valor: 399, protocolo: 'LM2026030200001' },
      createProfileInput({ nome_completo: stored }),
      EXAMPLE_COMPANY,
    );
    expect(text).toContain(`CONTRATANTE: ${printableText(stored)}, inscrito(a)`);
    expect(await pdfText(await renderContractPdf(text, evidence))).toContain('CONTRATANTE: Ana ? Maria, inscrito(a)');
    expect(await pdfText(await nadaConsta('Ana ?'))).toContain('Titular Ana ?');
  });
});
