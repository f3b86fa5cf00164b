import { beforeAll, describe, expect, it } from 'vitest';
import { FILING_DOCUMENT_MESSAGES, type FilingProfile } from '../../../domain/filing-documents.js';
import { SIGNED_PDF_MAX_BYTES, SIGNED_PDF_MESSAGES } from '../../../domain/signed-pdf.js';
import {
  verifyOutorganteSignature,
  verifySignedPdf,
  verifySignedPdfAgainst,
} from '../../../lambdas/documents/signed-pdf.js';
import {
  certificateDer,
  createHolderP12,
  createTestAuthority,
  createUnsignedPdf,
  signPdf,
  type TestAuthority,
} from '../../signed-pdfs.js';

const HOLDER = { name: 'Conceição Araújo dos Santos', cpf: '529.982.247-25' };
// Inside the test certificates' validity (from a day ago), whole seconds as a UTCTime holds them.
const SIGNED_AT = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000);

let authority: TestAuthority;
let unsigned: Uint8Array;
let signed: Uint8Array;

beforeAll(async () => {
  authority = createTestAuthority();
  unsigned = await createUnsignedPdf();
  signed = await signPdf(unsigned, createHolderP12(authority, HOLDER), { signingTime: SIGNED_AT });
});

/** The signed range's first span: every byte before the /Contents hole. */
function firstSpanEnd(pdf: Uint8Array): number {
  const match = /\/ByteRange\s*\[\s*0\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'));
  return Number(match![1]);
}

describe('verifySignedPdf', () => {
  it('accepts a PDF signed by the expected person, with the signer, time and issuer for the lawyer', async () => {
    const verdict = await verifySignedPdf(signed, HOLDER);
    expect(verdict).toEqual({
      kind: 'digital',
      signerName: 'Conceição Araújo dos Santos',
      signerCpf: '52998224725',
      signedAt: SIGNED_AT.toISOString(),
      issuer: 'AC Teste do Governo Federal do Brasil v1',
      chainValidated: false,
    });
  });

  it('matches the name without accents, case or extra spaces, and the CPF by its digits', async () => {
    const verdict = await verifySignedPdf(signed, { name: '  CONCEICAO  araujo dos santos ', cpf: '52998224725' });
    expect(verdict.kind).toBe('digital');
  });

  it('reads the CPF from the ICP-Brasil otherName when the common name carries the name alone (gov.br)', async () => {
    const p12 = createHolderP12(authority, { ...HOLDER, style: 'other-name' });
    const pdf = await signPdf(unsigned, p12, { subFilter: 'ETSI.CAdES.detached' });
    const verdict = await verifySignedPdf(pdf, HOLDER);
    expect(verdict).toMatchObject({ kind: 'digital', signerName: HOLDER.name, signerCpf: '52998224725' });
  });

  it('refuses the same PDF with one byte changed in the signed range as altered', async () => {
    for (const offset of [400, signed.byteLength - 10]) {
      const tampered = signed.slice();
      tampered[offset] = tampered[offset] === 0x41 ? 0x42 : 0x41;
      expect(await verifySignedPdf(tampered, HOLDER), `byte ${offset}`).toEqual({
        kind: 'refused',
        reason: 'altered',
        message: SIGNED_PDF_MESSAGES.altered,
      });
    }
  });

  it('refuses a PDF with content appended after signing as altered', async () => {
    const appended = Buffer.concat([Buffer.from(signed), Buffer.from('\n1 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(await verifySignedPdf(appended, HOLDER)).toMatchObject({ kind: 'refused', reason: 'altered' });
  });

  it('still accepts a trailing newline after %%EOF, which changes nothing a reader shows', async () => {
    const padded = Buffer.concat([Buffer.from(signed), Buffer.from('\r\n')]);
    expect((await verifySignedPdf(padded, HOLDER)).kind).toBe('digital');
  });

  it('refuses a signature with a forged digest (signature over the attributes broken) as altered', async () => {
    // Flip a byte of the CMS signature value itself: the last bytes of the DER before the zero padding.
    const tampered = signed.slice();
    const text = Buffer.from(tampered).toString('latin1');
    const holeStart = firstSpanEnd(tampered) + 1;
    const hex = text.slice(holeStart, text.indexOf('>', holeStart)).replace(/0+$/, '');
    const position = holeStart + hex.length - 4;
    tampered[position] = tampered[position] === 0x30 ? 0x31 : 0x30;
    expect(await verifySignedPdf(tampered, HOLDER)).toMatchObject({ kind: 'refused', reason: 'altered' });
  });

  it('refuses a signature by another CPF, and one with the right CPF but another name, as other_signer', async () => {
    const other = await signPdf(unsigned, createHolderP12(authority, { name: HOLDER.name, cpf: '111.444.777-35' }));
    expect(await verifySignedPdf(other, HOLDER)).toEqual({
      kind: 'refused',
      reason: 'other_signer',
      message: SIGNED_PDF_MESSAGES.other_signer,
    });
    expect(await verifySignedPdf(signed, { name: 'Maria Araújo dos Santos', cpf: HOLDER.cpf })).toMatchObject({
      reason: 'other_signer',
    });
  });

  it('refuses an unsigned PDF as unsigned', async () => {
    expect(await verifySignedPdf(unsigned, HOLDER)).toEqual({
      kind: 'refused',
      reason: 'unsigned',
      message: SIGNED_PDF_MESSAGES.unsigned,
    });
  });

  it('refuses garbage, a PDF cut short and a signature hole of non-CMS bytes as unreadable', async () => {
    const garbage = new TextEncoder().encode('MZ\u0090\u0000 not a pdf at all');
    expect(await verifySignedPdf(garbage, HOLDER)).toMatchObject({ kind: 'refused', reason: 'unreadable' });
    const cut = signed.slice(0, Math.floor(signed.byteLength / 2));
    expect(await verifySignedPdf(cut, HOLDER)).toMatchObject({ kind: 'refused' });
    const zeroed = signed.slice();
    const holeStart = firstSpanEnd(zeroed) + 1;
    zeroed.fill(0x30, holeStart, holeStart + 64);
    expect(await verifySignedPdf(zeroed, HOLDER)).toMatchObject({ kind: 'refused', reason: 'unreadable' });
  });

  it('refuses input over the upload limit before reading it, and a flood of signature dictionaries', async () => {
    const huge = new Uint8Array(SIGNED_PDF_MAX_BYTES + 1);
    expect(await verifySignedPdf(huge, HOLDER)).toEqual({
      kind: 'refused',
      reason: 'unreadable',
      message: SIGNED_PDF_MESSAGES.tooLarge,
    });
    const flood = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from('1 0 obj << /ByteRange [0 10 20 30] /Contents <00> >> endobj\n'.repeat(100_000)),
      Buffer.from('%%EOF\n'),
    ]);
    expect(flood.byteLength).toBeLessThan(SIGNED_PDF_MAX_BYTES);
    expect(await verifySignedPdf(flood, HOLDER)).toMatchObject({ kind: 'refused', reason: 'unreadable' });
  });

  it('does not inflate compressed streams: a deflate bomb inside a signed PDF costs only its own bytes', async () => {
    const { deflateSync } = await import('node:zlib');
    // 128 MB of zeros compress to about 128 KB; inflating it would exhaust a Lambda's memory.
    const bomb = deflateSync(Buffer.alloc(128 * 1024 * 1024));
    const text = Buffer.from(unsigned).toString('latin1');
    const at = text.lastIndexOf('trailer');
    const withBomb = Buffer.concat([
      Buffer.from(unsigned.subarray(0, at)),
      Buffer.from(`99 0 obj\n<< /Length ${bomb.byteLength} /Filter /FlateDecode >>\nstream\n`),
      bomb,
      Buffer.from('\nendstream\nendobj\n'),
      Buffer.from(unsigned.subarray(at)),
    ]);
    const before = process.memoryUsage().rss;
    expect(await verifySignedPdf(withBomb, HOLDER)).toMatchObject({ kind: 'refused', reason: 'unsigned' });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('validates the chain when the authority is a shipped trust anchor, and not against another root', async () => {
    const trusted = await verifySignedPdfAgainst(signed, HOLDER, [certificateDer(authority.certificate)]);
    expect(trusted).toMatchObject({ kind: 'digital', chainValidated: true });
    const stranger = createTestAuthority('AC Desconhecida');
    const untrusted = await verifySignedPdfAgainst(signed, HOLDER, [certificateDer(stranger.certificate)]);
    expect(untrusted).toMatchObject({ kind: 'digital', chainValidated: false });
  });

  it('does not validate the chain of a signature dated before the certificate was valid', async () => {
    const early = await signPdf(unsigned, createHolderP12(authority, HOLDER), {
      signingTime: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    const verdict = await verifySignedPdfAgainst(early, HOLDER, [certificateDer(authority.certificate)]);
    expect(verdict).toMatchObject({ kind: 'digital', chainValidated: false });
  });

  it("checks an upload against the profile's outorgante: the person, or the company's partner", async () => {
    const person: FilingProfile = {
      nome_completo: HOLDER.name,
      tipo_documento: 'cpf',
      cpf: '52998224725',
      email: 'conceicao@example.com',
      endereco: 'Rua A',
      numero: '1',
      complemento: null,
      bairro: 'Centro',
      cidade: 'São Lourenço',
      estado: 'MG',
      cep: '37470000',
      socio_nome: null,
      socio_cpf: null,
    };
    expect((await verifyOutorganteSignature(signed, person)).kind).toBe('digital');
    const company: FilingProfile = {
      ...person,
      tipo_documento: 'cnpj',
      nome_completo: 'Padaria Ltda.',
      cpf: '12ABC34501DE35',
    };
    expect(await verifyOutorganteSignature(signed, company)).toEqual({
      kind: 'refused',
      reason: 'other_signer',
      message: FILING_DOCUMENT_MESSAGES.partnerMissing,
    });
    const withPartner = { ...company, socio_nome: HOLDER.name, socio_cpf: '52998224725' };
    expect((await verifyOutorganteSignature(signed, withPartner)).kind).toBe('digital');
    const otherPartner = { ...company, socio_nome: 'João Carlos Pereira', socio_cpf: '11144477735' };
    expect(await verifyOutorganteSignature(signed, otherPartner)).toMatchObject({ reason: 'other_signer' });
  });
});
