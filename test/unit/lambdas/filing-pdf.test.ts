import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { procuracaoText, type FilingProfile } from '../../../domain/filing-documents.js';
import { normalizeText } from '../../../domain/printable-text.js';
import { renderFilingDocumentPdf } from '../../../lambdas/documents/filing-pdf.js';
import { PRINTABLE_NAMES } from '../../names.js';

const PROFILE: FilingProfile = {
  nome_completo: 'Maria da Conceição Souza',
  tipo_documento: 'cpf',
  cpf: '52998224725',
  email: 'maria@example.com',
  endereco: 'Rua Dr. Olavo Gomes Pinto',
  numero: '120',
  complemento: null,
  bairro: 'Centro',
  cidade: 'São Lourenço',
  estado: 'MG',
  cep: '37470000',
  socio_nome: null,
  socio_cpf: null,
};

async function pages(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.normalize('NFC').replace(/\s+/g, ' '));
}

describe('renderFilingDocumentPdf', () => {
  it('prints every printable name as the profile stores it', async () => {
    for (const name of PRINTABLE_NAMES) {
      const text = procuracaoText(
        { ...PROFILE, nome_completo: normalizeText(name.typed) },
        EXAMPLE_COMPANY,
        '2026-11-26',
      )!;
      const [page] = await pages(await renderFilingDocumentPdf(text, new Date('2026-11-26T12:00:00Z')));
      expect(page).toContain(name.printed);
    }
  });

  it('flows a long text onto a new A4 page and keeps the signature block whole on the last one', async () => {
    const long = 'Avenida '.repeat(60).trim();
    const text = procuracaoText(
      { ...PROFILE, endereco: long, complemento: 'Bloco '.repeat(40).trim() },
      { ...EXAMPLE_COMPANY, address: long },
      '2026-11-26',
    )!;
    const bytes = await renderFilingDocumentPdf(text, new Date('2026-11-26T12:00:00Z'));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
    for (const page of pdf.getPages()) expect(page.getSize()).toEqual({ width: 595.28, height: 841.89 });
    const texts = await pages(bytes);
    const last = texts.at(-1)!;
    expect(last).toContain('Maria da Conceição Souza');
    expect(last).toContain('CPF 529.982.247-25');
    expect(texts.join(' ')).toContain('PODERES ESPECIAIS');
  });
});
