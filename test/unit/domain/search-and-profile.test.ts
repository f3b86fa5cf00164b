import { describe, expect, it } from 'vitest';
import { newProfileSchema, profileDetailsSchema } from '../../../domain/schemas/profile-input.js';
import {
  clientSearchTokens,
  documentSearchTerm,
  looksLikeDocument,
  normalizeSearchTerm,
} from '../../../domain/search-tokens.js';

describe('admin search tokens', () => {
  it('normalises terms: lower case, no accents, only letters, digits and @._-', () => {
    expect(normalizeSearchTerm('  JOÃO da Conceição!  ')).toBe('joao da conceicao');
    expect(normalizeSearchTerm('Ana.Souza-1@Mail.com')).toBe('ana.souza-1@mail.com');
  });

  it('indexes each name word (no particles, no single letters), the e-mail and the stored document', () => {
    const tokens = clientSearchTokens({
      nome_completo: 'Maria da Conceição e Souza Y',
      email: 'Maria.Souza@Example.com',
      cpf: '12ABC34501DE35',
    });
    expect(tokens).toEqual(['maria', 'conceicao', 'souza', 'maria.souza@example.com', '12abc34501de35']);
  });

  it('bounds the tokens so a profile write fits one transaction', () => {
    const name = Array.from({ length: 30 }, (_, i) => `nome${i}`).join(' ');
    const tokens = clientSearchTokens({ nome_completo: name, email: 'a@b.co', cpf: '52998224725' });
    expect(tokens).toHaveLength(20);
    expect(tokens[0]).toBe('nome0');
  });

  it('reads a typed document as its characters, and tells documents from names and e-mails', () => {
    expect(documentSearchTerm('12.ABC.345/01DE-35')).toBe('12abc34501de35');
    expect(documentSearchTerm('529.982.247-25')).toBe('52998224725');
    expect(looksLikeDocument('529.982')).toBe(true);
    expect(looksLikeDocument(' 12.ABC.345/01 ')).toBe(true);
    expect(looksLikeDocument('Maria')).toBe(false);
    expect(looksLikeDocument('maria1@example.com')).toBe(false);
    expect(looksLikeDocument('rua 7, casa')).toBe(false);
  });
});

describe('profile schemas (spec 02 §5)', () => {
  const details = {
    nome_completo: 'Ana Maria',
    whatsapp: '(35) 99876-5432',
    cep: '37470-000',
    endereco: 'Rua Um, 1',
    numero: '1',
    complemento: '',
    bairro: 'Centro',
    cidade: 'São Lourenço',
    estado: 'mg',
  };
  const messageOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
    result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;

  it('trims, upper-cases the state and stores an empty complement as null', () => {
    expect(profileDetailsSchema.parse({ ...details, nome_completo: '  Ana Maria ' })).toMatchObject({
      nome_completo: 'Ana Maria',
      estado: 'MG',
      complemento: null,
    });
    expect(profileDetailsSchema.parse({ ...details, complemento: ' Apto 2 ' }).complemento).toBe('Apto 2');
    expect(profileDetailsSchema.parse({ ...details, cep: '37470000' }).cep).toBe('37470000');
  });

  it.each([
    ['whatsapp', '(35) 9987', 'WhatsApp inválido'],
    ['whatsapp', '(35) 99876-54321', 'WhatsApp inválido'],
    ['whatsapp', 'abcdefghijk', 'WhatsApp inválido'],
    ['whatsapp', '((((((((((', 'WhatsApp inválido'],
    ['cep', '3747000', 'CEP inválido'],
    ['cep', '37470-0000', 'CEP inválido'],
    ['cep', '3747a-000', 'CEP inválido'],
    ['estado', 'M', 'Estado obrigatório'],
    ['estado', 'MGA', 'Estado obrigatório'],
    ['nome_completo', 'x'.repeat(121), 'Nome muito longo.'],
    ['endereco', 'Rua', 'Endereço obrigatório'],
    ['numero', ' ', 'Número obrigatório'],
    ['bairro', 'C', 'Bairro obrigatório'],
    ['cidade', 'S', 'Cidade obrigatória'],
  ])('refuses %s = %j with “%s”', (field, value, message) => {
    expect(messageOf(profileDetailsSchema.safeParse({ ...details, [field]: value }), field)).toBe(message);
  });

  it('accepts the limits', () => {
    expect(profileDetailsSchema.safeParse({ ...details, whatsapp: '3599876543' }).success).toBe(true);
    expect(profileDetailsSchema.safeParse({ ...details, whatsapp: '+55 35 99876-54' }).success).toBe(true);
    expect(profileDetailsSchema.safeParse({ ...details, nome_completo: 'Ana' }).success).toBe(true);
  });

  it('checks the document only on the first save, with its type’s message', () => {
    const first = { ...details, tipo_documento: 'cpf', cpf: '529.982.247-25' };
    expect(newProfileSchema.parse(first)).toMatchObject({ cpf: '52998224725', tipo_documento: 'cpf' });
    expect(newProfileSchema.parse({ ...details, cpf: '529.982.247-25' }).tipo_documento).toBe('cpf');
    expect(messageOf(newProfileSchema.safeParse({ ...first, cpf: '' }), 'cpf')).toBe('Documento obrigatório');
    expect(messageOf(newProfileSchema.safeParse({ ...first, cpf: '1'.repeat(21) }), 'cpf')).toBe('Documento inválido');
    expect(messageOf(newProfileSchema.safeParse({ ...first, cpf: '111.111.111-11' }), 'cpf')).toBe('CPF inválido');
    expect(
      messageOf(newProfileSchema.safeParse({ ...first, tipo_documento: 'cnpj', cpf: '11.222.333/0001-80' }), 'cpf'),
    ).toBe('CNPJ inválido');
    expect(messageOf(newProfileSchema.safeParse({ ...first, tipo_documento: 'rg' }), 'tipo_documento')).toBeTruthy();
  });

  it('keeps only well-formed referral codes and never fails on them', () => {
    const first = { ...details, cpf: '529.982.247-25' };
    expect(newProfileSchema.parse(first)).toMatchObject({ referral_ref: null, referral_invite: null });
    expect(newProfileSchema.parse({ ...first, referral_invite: 'ref-abc123-xy12' }).referral_invite).toBe(
      'REF-ABC123-XY12',
    );
    expect(newProfileSchema.parse({ ...first, referral_ref: 'REF-ABC123-XY12' }).referral_ref).toBeNull();
    expect(newProfileSchema.safeParse({ ...first, referral_ref: 'x'.repeat(41) }).success).toBe(false);
  });
});

describe('admin search tokens at their edges', () => {
  it('turns other characters into word breaks, not glue', () => {
    expect(normalizeSearchTerm('Ana!Maria,Souza')).toBe('ana maria souza');
    expect(normalizeSearchTerm('¡Olá!')).toBe('ola');
  });

  it('keeps two-letter words and drops tokens shorter than two characters', () => {
    expect(clientSearchTokens({ nome_completo: 'Li Wu de X', email: 'a', cpf: '-' })).toEqual(['li', 'wu']);
    expect(clientSearchTokens({ nome_completo: 'Ana', email: 'ab', cpf: '1' })).toEqual(['ana', 'ab']);
  });
});

describe('profile schemas: patterns anchored at both ends', () => {
  const details = {
    nome_completo: 'Ana Maria',
    whatsapp: '(35) 99876-5432',
    cep: '37470-000',
    endereco: 'Rua Um, 1',
    numero: '1',
    bairro: 'Centro',
    cidade: 'São Lourenço',
    estado: 'MG',
  };
  const issuesOf = (input: object) => profileDetailsSchema.safeParse({ ...details, ...input }).error?.issues ?? [];

  it.each(['a(35)99876-5432', '(35)99876-5432a'])('refuses the WhatsApp %j', (whatsapp) => {
    expect(issuesOf({ whatsapp })).toMatchObject([{ path: ['whatsapp'], message: 'WhatsApp inválido' }]);
  });

  it.each(['a37470000', '37470000a', '3747-0000'])('refuses the CEP %j', (cep) => {
    expect(issuesOf({ cep })).toMatchObject([{ path: ['cep'], message: 'CEP inválido' }]);
  });

  it('leaves the complement out when absent', () => {
    expect(profileDetailsSchema.parse(details).complemento).toBeNull();
    expect(profileDetailsSchema.parse({ ...details, complemento: null }).complemento).toBeNull();
  });

  it('reports a short or invalid document as a custom issue of the cpf field', () => {
    const first = { ...details, tipo_documento: 'cpf', cpf: '529.982.247-25' };
    expect(newProfileSchema.safeParse({ ...first, cpf: '123.456' }).error?.issues).toEqual([
      { code: 'custom', path: ['cpf'], message: 'Documento inválido' },
    ]);
    expect(newProfileSchema.safeParse({ ...first, cpf: '529.982.247-24' }).error?.issues).toEqual([
      { code: 'custom', path: ['cpf'], message: 'CPF inválido' },
    ]);
  });
});
