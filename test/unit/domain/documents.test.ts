import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { documentTypeOf, isValidDocument, maskDocument, maskEmail, maskName } from '../../../domain/documents.js';
import { profileInputSchema } from '../../../domain/schemas/profile-input.js';
import { createProfileInput } from '../../factories.js';

describe('CPF and CNPJ rules', () => {
  it('accepts real check digits, formatted or not', () => {
    const cpf = generateCpf();
    expect(isValidDocument('cpf', cpf)).toBe(true);
    expect(isValidDocument('cpf', cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'))).toBe(true);
    expect(isValidDocument('cnpj', generateCnpj())).toBe(true);
  });
  it('refuses repeated digits, wrong lengths and wrong check digits', () => {
    expect(isValidDocument('cpf', '111.111.111-11')).toBe(false);
    expect(isValidDocument('cnpj', '00000000000000')).toBe(false);
    expect(isValidDocument('cpf', '529.982.247-24')).toBe(false);
    expect(isValidDocument('cpf', generateCnpj())).toBe(false);
  });
  it('tells a CPF from a CNPJ by length', () => {
    expect(documentTypeOf('529.982.247-25')).toBe('cpf');
    expect(documentTypeOf('11.222.333/0001-81')).toBe('cnpj');
    expect(documentTypeOf('LM123')).toBeNull();
  });
});

describe('LGPD masking for the public lookup', () => {
  it('masks CPF, CNPJ, e-mail and name', () => {
    expect(maskDocument('12345678909')).toBe('***.456.789-**');
    expect(maskDocument('11222333000181')).toBe('**.222.333/0001-**');
    expect(maskEmail('joana.silva@gmail.com')).toBe('j***@g***.com');
    expect(maskName('  Joana  da Silva ')).toBe('Joana S.');
    expect(maskName('Joana')).toBe('Joana');
  });
});

describe('profile form schema (spec 02 §5 messages)', () => {
  it('accepts a valid profile and stores the document as digits, complemento empty as null', () => {
    const input = profileInputSchema.parse({ ...createProfileInput({ cpf: '529.982.247-25' }), complemento: '' });
    expect(input.cpf).toBe('52998224725');
    expect(input.complemento).toBeNull();
  });
  it('gives the spec’s messages', () => {
    const result = profileInputSchema.safeParse({
      ...createProfileInput(),
      nome_completo: 'Jo',
      cpf: '111.111.111-11',
      cep: '123',
      estado: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      nome_completo: 'Nome deve ter pelo menos 3 caracteres',
      cep: 'CEP inválido',
      estado: 'Estado obrigatório',
      cpf: 'CPF inválido',
    });
  });
  it('says CNPJ inválido for a bad CNPJ', () => {
    const result = profileInputSchema.safeParse(
      createProfileInput({ tipo_documento: 'cnpj', cpf: '11.222.333/0001-80' }),
    );
    expect(result.error?.issues.map((i) => i.message)).toContain('CNPJ inválido');
  });
});
