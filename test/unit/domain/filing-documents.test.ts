import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY, type CompanyIdentity } from '../../../domain/company.js';
import {
  declaracaoText,
  filingDocumentGap,
  filingSigner,
  longDate,
  procuracaoText,
  type FilingDocumentText,
  type FilingProfile,
} from '../../../domain/filing-documents.js';

const PERSON: FilingProfile = {
  nome_completo: 'Conceição Araújo dos Santos',
  tipo_documento: 'cpf',
  cpf: '52998224725',
  email: 'conceicao@example.com',
  endereco: 'Rua das Acácias',
  numero: '45B',
  complemento: 'casa 2',
  bairro: 'Jardim Primavera',
  cidade: 'Poços de Caldas',
  estado: 'MG',
  cep: '37701000',
  socio_nome: null,
  socio_cpf: null,
};

const COMPANY_PROFILE: FilingProfile = {
  ...PERSON,
  nome_completo: 'Padaria Pão Quente Ltda.',
  tipo_documento: 'cnpj',
  cpf: '12ABC34501DE35',
  socio_nome: 'João Carlos Pereira',
  socio_cpf: '11144477735',
};

const TWO_LAWYERS: CompanyIdentity = {
  ...EXAMPLE_COMPANY,
  lawyers: [...EXAMPLE_COMPANY.lawyers, { name: 'Dr. João Exemplo Lima', oab: 'OAB/SP 111.222' }],
};

const whole = (text: FilingDocumentText) =>
  [text.title, ...text.paragraphs.flatMap((p) => [p.label ?? '', p.text]), text.placeAndDate, ...text.signer].join(
    '\n',
  );

describe('procuracaoText', () => {
  it("names every field of a person's profile, the lawyers with their OAB and address, and the powers", () => {
    const text = whole(procuracaoText(PERSON, TWO_LAWYERS, '2026-11-26')!);
    for (const expected of [
      'Conceição Araújo dos Santos, CPF nº 529.982.247-25',
      'Rua das Acácias, nº 45B, casa 2, bairro Jardim Primavera, Poços de Caldas/MG, CEP 37701-000',
      'conceicao@example.com',
      'Dra. Ana Exemplo de Souza (OAB/MG 000.000) e Dr. João Exemplo Lima (OAB/SP 111.222), advogados inscritos',
      `endereço profissional na ${EXAMPLE_COMPANY.address}`,
      'OUTORGADOS',
      'SPC, SERASA, BOA VISTA e SCPC',
      'PODERES ESPECIAIS',
      'art. 105 do Código de Processo Civil',
      'assinar declaração de hipossuficiência econômica',
      'Poços de Caldas/MG, 26 de novembro de 2026.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/undefined|null|NaN|\[object/);
  });

  it('speaks of one lawyer in the singular and leaves out an empty complement', () => {
    const text = whole(procuracaoText({ ...PERSON, complemento: null }, EXAMPLE_COMPANY, '2026-11-26')!);
    expect(text).toContain('OUTORGADO(A)');
    expect(text).toContain('advogado(a) inscrito(a)');
    expect(text).toContain('onde recebe intimações');
    expect(text).toContain('Rua das Acácias, nº 45B, bairro Jardim Primavera');
  });

  it('makes the company the outorgante, represented by its partner, who signs for it', () => {
    const procuracao = procuracaoText(COMPANY_PROFILE, EXAMPLE_COMPANY, '2026-11-01')!;
    const text = whole(procuracao);
    expect(text).toContain('Padaria Pão Quente Ltda., pessoa jurídica de direito privado, CNPJ nº 12.ABC.345/01DE-35');
    expect(text).toContain('com sede na Rua das Acácias');
    expect(text).toContain('representada por seu sócio ou sua sócia João Carlos Pereira, CPF nº 111.444.777-35');
    expect(text).toContain('1º de novembro de 2026');
    expect(procuracao.signer).toEqual([
      'Padaria Pão Quente Ltda.',
      'CNPJ 12.ABC.345/01DE-35',
      'p.p. João Carlos Pereira, CPF 111.444.777-35',
    ]);
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it('is not generated for a company without its partner (the gap says why)', () => {
    const withoutPartner = { ...COMPANY_PROFILE, socio_cpf: null };
    expect(procuracaoText(withoutPartner, EXAMPLE_COMPANY, '2026-11-26')).toBeNull();
    expect(filingDocumentGap('procuracao', withoutPartner)).toBe('partnerMissing');
    expect(filingDocumentGap('procuracao', { ...COMPANY_PROFILE, socio_nome: undefined })).toBe('partnerMissing');
    expect(filingDocumentGap('procuracao', COMPANY_PROFILE)).toBeNull();
    expect(filingDocumentGap('procuracao', PERSON)).toBeNull();
  });
});

describe('declaracaoText', () => {
  it("names every field of the person's profile and the law it relies on", () => {
    const text = whole(declaracaoText(PERSON, '2026-11-26')!);
    for (const expected of [
      'DECLARAÇÃO DE HIPOSSUFICIÊNCIA ECONÔMICA'.toLowerCase(),
      'eu, conceição araújo dos santos, cpf nº 529.982.247-25',
      'rua das acácias, nº 45b, casa 2, bairro jardim primavera, poços de caldas/mg, cep 37701-000',
      'conceicao@example.com',
      'arts. 98 e 99 do código de processo civil',
      'art. 100, parágrafo único',
      'poços de caldas/mg, 26 de novembro de 2026.',
    ]) {
      expect(text.toLowerCase()).toContain(expected);
    }
    expect(text).not.toMatch(/undefined|null|NaN/);
  });

  it('exists for natural persons only', () => {
    expect(declaracaoText(COMPANY_PROFILE, '2026-11-26')).toBeNull();
    expect(filingDocumentGap('declaracao', COMPANY_PROFILE)).toBe('declarationForPeopleOnly');
    expect(filingDocumentGap('declaracao', PERSON)).toBeNull();
  });
});

describe('filingSigner', () => {
  it('is the person, or the company partner, whom the signed PDF must name', () => {
    expect(filingSigner(PERSON)).toEqual({ name: PERSON.nome_completo, cpf: PERSON.cpf });
    expect(filingSigner(COMPANY_PROFILE)).toEqual({ name: 'João Carlos Pereira', cpf: '11144477735' });
    expect(filingSigner({ ...COMPANY_PROFILE, socio_nome: null })).toBeNull();
  });
});

describe('longDate', () => {
  it('writes the day as Brazilian documents do', () => {
    expect(longDate('2026-03-01')).toBe('1º de março de 2026');
    expect(longDate('2026-12-31')).toBe('31 de dezembro de 2026');
  });
});
