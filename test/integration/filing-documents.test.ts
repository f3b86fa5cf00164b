import { ulid } from 'ulid';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { getFilingDocumentRoute } from '../../domain/api/filing-documents.js';
import { createProfileRoute, updateProfileRoute } from '../../domain/api/profile.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { FILING_DOCUMENT_MESSAGES, filingSigner, PARTNER_MESSAGES } from '../../domain/filing-documents.js';
import { verifySignedPdf } from '../../lambdas/documents/signed-pdf.js';
import { handler as getFilingDocument } from '../../lambdas/documents/get-filing-document.js';
import { handler as createProfile } from '../../lambdas/profile/create-profile.js';
import { handler as updateProfile } from '../../lambdas/profile/update-profile.js';
import { createCnpj, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { createHolderP12, createTestAuthority, signPdf, type TestAuthority } from '../signed-pdfs.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

function download(userId: string, kind: string) {
  return callRoute(getFilingDocumentRoute, getFilingDocument, {
    claims: customerClaims(userId),
    params: { kind } as { kind: 'procuracao' },
  });
}

async function pdfOf(result: Awaited<ReturnType<typeof download>>) {
  const body = okBody(result);
  const bytes = Buffer.from(body.pdf_base64, 'base64');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { body, bytes, text: text.replace(/\s+/g, ' ') };
}

/** The profile's details as the profile form sends them back, with the partner's fields. */
function detailsOf(profile: Awaited<ReturnType<typeof seedCustomer>>['profile'], partner: object) {
  const { nome_completo, whatsapp, cep, endereco, numero, complemento, bairro, cidade, estado } = profile;
  return { nome_completo, whatsapp, cep, endereco, numero, complemento, bairro, cidade, estado, ...partner };
}

let authority: TestAuthority;
beforeAll(() => {
  authority = createTestAuthority();
});

describe('GET /me/filing-documents/{kind}', () => {
  it("generates a CPF customer's procuração with their data, the lawyers and the request's powers", async () => {
    const { userId, profile } = await seedCustomer(db, { complemento: 'apto 12' });
    const { body, text } = await pdfOf(await download(userId, 'procuracao'));
    expect(body).toMatchObject({ file_name: 'Procuracao.pdf', content_type: 'application/pdf' });
    const cpf = profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    for (const expected of [
      'PROCURAÇÃO AD JUDICIA ET EXTRA',
      profile.nome_completo,
      `CPF nº ${cpf}`,
      'Rua Dr. Olavo Gomes Pinto, nº 120, apto 12, bairro Centro, São Lourenço/MG, CEP 37470-000',
      profile.email,
      EXAMPLE_COMPANY.lawyers[0]!.name,
      EXAMPLE_COMPANY.lawyers[0]!.oab,
      'SPC, SERASA, BOA VISTA e SCPC',
      'declaração de hipossuficiência econômica',
      'art. 105',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it("generates a CPF customer's declaração de hipossuficiência", async () => {
    const { userId, profile } = await seedCustomer(db);
    const { body, text } = await pdfOf(await download(userId, 'declaracao'));
    expect(body.file_name).toBe('Declaracao de hipossuficiencia.pdf');
    expect(text).toContain('DECLARAÇÃO DE HIPOSSUFICIÊNCIA ECONÔMICA');
    expect(text).toContain(`Eu, ${profile.nome_completo}`);
    expect(text).toContain('arts. 98 e 99 do Código de Processo Civil');
  });

  it('prints a name in Greek, Cyrillic or with any Latin accent', async () => {
    const name = 'Łukasz Nguyễn Ψυχή Жанна';
    const { userId } = await seedCustomer(db, { nome_completo: name });
    const { text } = await pdfOf(await download(userId, 'procuracao'));
    expect(text).toContain(name);
  });

  it("answers 409 for a company without its partner, then generates it signed by the partner's name", async () => {
    const { userId, profile } = await seedCustomer(db, { tipo_documento: 'cnpj', cpf: createCnpj() });
    const missing = errorOf(await download(userId, 'procuracao'));
    expect(missing).toMatchObject({ status: 409, message: FILING_DOCUMENT_MESSAGES.partnerMissing });

    const saved = await callRoute(updateProfileRoute, updateProfile, {
      claims: customerClaims(userId),
      body: detailsOf(profile, { socio_nome: 'João Carlos Pereira', socio_cpf: '529.982.247-25' }),
    });
    expect(okBody(saved).profile).toMatchObject({ socio_nome: 'João Carlos Pereira', socio_cpf: '52998224725' });

    const { text } = await pdfOf(await download(userId, 'procuracao'));
    expect(text).toContain(`${profile.nome_completo}, pessoa jurídica de direito privado, CNPJ nº`);
    expect(text).toContain('representada por seu sócio ou sua sócia João Carlos Pereira, CPF nº 529.982.247-25');
    expect(text).toContain('p.p. João Carlos Pereira');
  });

  it("keeps the partner given on a company's first save, and the procuração names them at once", async () => {
    const userId = ulid();
    const { email: _email, ...input } = createProfileInput({ tipo_documento: 'cnpj', cpf: createCnpj() });
    const created = await callRoute(createProfileRoute, createProfile, {
      claims: customerClaims(userId),
      body: { ...input, socio_nome: 'Ana Beatriz Lima', socio_cpf: '111.444.777-35' },
    });
    expect(okBody(created).profile).toMatchObject({ socio_nome: 'Ana Beatriz Lima', socio_cpf: '11144477735' });
    const { text } = await pdfOf(await download(userId, 'procuracao'));
    expect(text).toContain('Ana Beatriz Lima, CPF nº 111.444.777-35');
  });

  it('answers 409 to a company asking for the declaração, which is for natural persons', async () => {
    const { userId } = await seedCustomer(db, { tipo_documento: 'cnpj', cpf: createCnpj() });
    expect(errorOf(await download(userId, 'declaracao'))).toMatchObject({
      status: 409,
      message: FILING_DOCUMENT_MESSAGES.declarationForPeopleOnly,
    });
  });

  it("refuses a partner's invalid CPF on the profile with its field's message", async () => {
    const { userId, profile } = await seedCustomer(db, { tipo_documento: 'cnpj', cpf: createCnpj() });
    const refused = errorOf(
      await callRoute(updateProfileRoute, updateProfile, {
        claims: customerClaims(userId),
        body: detailsOf(profile, { socio_nome: 'João Carlos Pereira', socio_cpf: '111.111.111-11' }),
      }),
    );
    expect(refused).toMatchObject({ status: 400, fields: { socio_cpf: PARTNER_MESSAGES.invalidCpf } });
  });

  it('answers 404 without a profile, and 400 for a document that does not exist', async () => {
    expect(errorOf(await download(ulid(), 'procuracao'))).toMatchObject({
      status: 404,
      message: FILING_DOCUMENT_MESSAGES.profileMissing,
    });
    const { userId } = await seedCustomer(db);
    expect(errorOf(await download(userId, 'contrato-social')).status).toBe(400);
  });

  it('accepts the downloaded procuração once its outorgante signs it, and refuses it signed by someone else', async () => {
    const { userId, profile } = await seedCustomer(db);
    const { bytes } = await pdfOf(await download(userId, 'procuracao'));
    const signer = filingSigner(profile)!;
    const signed = await signPdf(bytes, createHolderP12(authority, { ...signer, style: 'other-name' }), {
      subFilter: 'ETSI.CAdES.detached',
    });
    expect(await verifySignedPdf(signed, signer)).toMatchObject({
      kind: 'digital',
      signerName: profile.nome_completo,
      signerCpf: profile.cpf,
      chainValidated: false,
    });
    const stranger = await signPdf(bytes, createHolderP12(authority, { name: 'Outra Pessoa', cpf: '111.444.777-35' }));
    expect(await verifySignedPdf(stranger, signer)).toMatchObject({ kind: 'refused', reason: 'other_signer' });
  });
});
