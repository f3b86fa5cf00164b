import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import {
  documentTypeOf,
  formatDocument,
  isValidDocument,
  maskDocument,
  hideDocument,
  maskEmail,
  maskName,
  normalizeDocument,
} from '../../../domain/documents.js';
import { newProfileSchema } from '../../../domain/schemas/profile-input.js';
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
    expect(maskEmail('joana.silva@gmail.com')).toBe('j***@***');
    expect(maskName('  Joana  da Silva ')).toBe('Joana S.');
    expect(maskName('Joana')).toBe('Joana');
  });
});

describe('profile form schema (spec 02 §5 messages)', () => {
  it('accepts a valid profile and stores the document as digits, complemento empty as null', () => {
    const input = newProfileSchema.parse({ ...createProfileInput({ cpf: '529.982.247-25' }), complemento: '' });
    expect(input.cpf).toBe('52998224725');
    expect(input.complemento).toBeNull();
  });
  it('gives the spec’s messages', () => {
    const result = newProfileSchema.safeParse({
      ...createProfileInput(),
      nome_completo: 'Jo',
      cpf: '111.111.111-11',
      cep: '123',
      estado: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i: { path: PropertyKey[]; message: string }) => [i.path.join('.'), i.message]),
    );
    expect(messages).toMatchObject({
      nome_completo: 'Nome deve ter pelo menos 3 caracteres',
      cep: 'CEP inválido',
      estado: 'Estado obrigatório',
      cpf: 'CPF inválido',
    });
  });
  it('says CNPJ inválido for a bad CNPJ', () => {
    const result = newProfileSchema.safeParse(
      createProfileInput({ tipo_documento: 'cnpj', cpf: '11.222.333/0001-80' }),
    );
    expect(result.error?.issues.map((i: { message: string }) => i.message)).toContain('CNPJ inválido');
  });
});

describe('alphanumeric CNPJ (Receita Federal, in force since July 2026)', () => {
  it('accepts letters in the first 12 positions with numeric check digits, in any case and format', () => {
    expect(isValidDocument('cnpj', '12.ABC.345/01DE-35')).toBe(true);
    expect(isValidDocument('cnpj', '12abc34501de35')).toBe(true);
    expect(isValidDocument('cnpj', generateCnpj(2))).toBe(true);
    expect(normalizeDocument('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses a wrong check digit, letters in the check digits, and letters in a CPF', () => {
    expect(isValidDocument('cnpj', '12.ABC.345/01DE-36')).toBe(false);
    expect(isValidDocument('cnpj', '12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidDocument('cnpj', 'AAAAAAAAAAAAAA')).toBe(false);
    expect(isValidDocument('cpf', '529.982.247-2A')).toBe(false);
    expect(normalizeDocument('cpf', '529.982.247-25')).toBe('52998224725');
  });

  it('is recognised, formatted and masked like a numeric one', () => {
    expect(documentTypeOf('12.ABC.345/01DE-35')).toBe('cnpj');
    expect(documentTypeOf('12abc34501de35')).toBe('cnpj');
    expect(documentTypeOf('LM2026112100042')).toBeNull();
    expect(documentTypeOf('Maria')).toBeNull();
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('123')).toBe('123');
    expect(maskDocument('12ABC34501DE35')).toBe('**.ABC.345/01DE-**');
  });

  it('is stored upper-cased by the profile schema', () => {
    const input = newProfileSchema.parse(createProfileInput({ tipo_documento: 'cnpj', cpf: '12.abc.345/01de-35' }));
    expect(input.cpf).toBe('12ABC34501DE35');
  });
});

describe('profile schema: referral codes from the sign-up link', () => {
  it('keeps well-formed codes upper-cased and drops anything else without failing', () => {
    const kept = newProfileSchema.parse({
      ...createProfileInput(),
      referral_ref: ' ref-abc123 ',
      referral_invite: 'REF-ABC123-XY12',
    });
    expect(kept).toMatchObject({ referral_ref: 'REF-ABC123', referral_invite: 'REF-ABC123-XY12' });
    const dropped = newProfileSchema.parse({
      ...createProfileInput(),
      referral_ref: '<script>',
      referral_invite: null,
    });
    expect(dropped).toMatchObject({ referral_ref: null, referral_invite: null });
  });

  it('refuses a document shorter than a CPF with the spec message', () => {
    const result = newProfileSchema.safeParse({ ...createProfileInput(), cpf: '123.456' });
    expect(result.error?.issues.map((i: { message: string }) => i.message)).toEqual(['Documento inválido']);
  });
});

describe('documents at their edges', () => {
  it('normalises by type: CPF keeps digits only, CNPJ keeps letters and digits upper-cased', () => {
    expect(normalizeDocument('cpf', 'ab529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('cnpj', '12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('refuses repeated digits, short and long numbers of both kinds', () => {
    expect(isValidDocument('cpf', '000.000.000-00')).toBe(false);
    expect(isValidDocument('cpf', '5299822472')).toBe(false);
    expect(isValidDocument('cpf', '529982247250')).toBe(false);
    expect(isValidDocument('cnpj', '11.111.111/1111-11')).toBe(false);
    expect(isValidDocument('cnpj', '12ABC34501DE3')).toBe(false);
    expect(isValidDocument('cnpj', '12ABC34501DE355')).toBe(false);
  });

  it('tells a protocol, a CPF and a CNPJ apart, whatever the spacing', () => {
    // A protocol is 15 characters (17 with its check digit); a CNPJ may start with LM and is still a CNPJ.
    expect(documentTypeOf('LM2026112100042')).toBeNull();
    expect(documentTypeOf('LM2026112100042-0')).toBeNull();
    expect(documentTypeOf('LM345012345614')).toBe('cnpj');
    expect(isValidDocument('cnpj', 'LM.345.012/3456-14')).toBe(true);
    expect(documentTypeOf(' 529.982.247-25 ')).toBe('cpf');
    expect(documentTypeOf('529 982 247 25')).toBe('cpf');
    expect(documentTypeOf('5299822472')).toBeNull();
    expect(documentTypeOf('529.982.247-2X')).toBeNull();
    expect(documentTypeOf('A29.982.247-25')).toBeNull();
    expect(documentTypeOf('11222333000181')).toBe('cnpj');
    expect(documentTypeOf('12ABC34501DE3X')).toBeNull();
  });

  it('masks and formats only what has a document’s length', () => {
    expect(maskDocument('123')).toBe('***');
    expect(formatDocument('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(maskEmail('semarroba')).toBe('s***@***');
    expect(maskEmail('a@localhost')).toBe('a***@***');
    expect(maskName('   ')).toBe('');
  });
});

describe('documents: anchors and separators', () => {
  it('reads only a leading LM as a protocol: a CNPJ with LM inside is still a CNPJ', () => {
    expect(documentTypeOf('12.LM3.450/1DE3-42')).toBe('cnpj');
    expect(documentTypeOf('12LM34501DE342')).toBe('cnpj');
  });

  it('reads as a CPF only digits and separators, from the first character to the last', () => {
    expect(documentTypeOf('A529.982.247-25')).toBeNull();
    expect(documentTypeOf('529.982.247-25A')).toBeNull();
    expect(documentTypeOf('529/982/247-25')).toBeNull();
  });

  it('masks a formatted document by its characters', () => {
    expect(maskDocument('529.982.247-25')).toBe('***.982.247-**');
    expect(maskDocument('12.abc.345/01de-35')).toBe('**.ABC.345/01DE-**');
  });

  it('shows nothing of an e-mail but its first letter: no domain, no TLD', () => {
    for (const email of ['ana@b', 'ana@.com', 'ana@mail.example.com', ' ana@gmail.com']) {
      expect(maskEmail(email)).toBe('a***@***');
    }
  });

  it('hides every character of a document, keeping its shape (a lookup by protocol)', () => {
    expect(hideDocument('52998224725')).toBe('***.***.***-**');
    expect(hideDocument('12.abc.345/01de-35')).toBe('**.***.***/****-**');
    expect(hideDocument('11222333000181')).not.toMatch(/[0-9A-Z]/);
  });
});
