import { describe, expect, it } from 'vitest';
import {
  EXAMPLE_COMPANY,
  lawyersLine,
  payeeNameDiffers,
  placeholderFields,
  type CompanyIdentity,
} from '../../../domain/company.js';
import { companyIdentitySchema, parseCompanyIdentity } from '../../../domain/schemas/company.js';

const REAL: CompanyIdentity = {
  brand: 'Limpa Nome',
  legalName: 'Baixa Certa Serviços Ltda.',
  cnpj: '11.222.333/0001-81',
  address: 'Av. Brasil, 10, Centro, São Lourenço/MG, CEP 37470-000',
  jurisdiction: 'São Lourenço/MG',
  lawyers: [
    { name: 'Dra. Júlia Prado', oab: 'OAB/MG 123.456' },
    { name: 'Dr. Caio Reis', oab: 'OAB/SP 654.321' },
  ],
  supportEmail: 'atendimento@baixacerta.com.br',
  whatsappDisplay: '(35) 99876-5432',
  whatsappNumber: '5535998765432',
  phoneDisplay: '(35) 3332-1000',
  phoneNumber: '553533321000',
  pixPayeeName: 'BAIXA CERTA SERVICOS LTDA',
  fiscal: {
    municipalServiceCode: '17.14',
    municipalServiceName: 'Advocacia',
    issRate: 3,
    retainIss: false,
    serviceDescription: 'Intermediação de pedido judicial — protocolo {protocolo}.',
  },
};

describe('the company identity', () => {
  it('knows every example value as one, and none of a real identity', () => {
    expect(placeholderFields(EXAMPLE_COMPANY)).toEqual([
      'legalName',
      'cnpj',
      'address',
      'lawyers',
      'supportEmail',
      'whatsappNumber',
      'phoneNumber',
      'pixPayeeName',
    ]);
    expect(placeholderFields(REAL)).toEqual([]);
  });

  it('catches one example left behind, an example.com address and an empty list of lawyers', () => {
    expect(placeholderFields({ ...REAL, cnpj: EXAMPLE_COMPANY.cnpj })).toEqual(['cnpj']);
    expect(placeholderFields({ ...REAL, supportEmail: 'contato@example.com' })).toEqual(['supportEmail']);
    expect(placeholderFields({ ...REAL, lawyers: [REAL.lawyers[0]!, EXAMPLE_COMPANY.lawyers[0]!] })).toEqual([
      'lawyers',
    ]);
    expect(placeholderFields({ ...REAL, lawyers: [] })).toEqual(['lawyers']);
    expect(placeholderFields({ ...REAL, fiscal: undefined })).toEqual(['fiscal']);
  });

  it('parses a configuration file and names every wrong field', () => {
    expect(parseCompanyIdentity(JSON.stringify(REAL), 'prod.json')).toEqual(REAL);
    expect(companyIdentitySchema.safeParse(EXAMPLE_COMPANY).success).toBe(true);
    const broken = { ...REAL, cnpj: '11222333000181', supportEmail: 'nope', lawyers: [{ name: 'X', oab: '123' }] };
    expect(() => parseCompanyIdentity(JSON.stringify(broken), 'prod.json')).toThrow(
      /prod\.json: invalid company identity — cnpj: .*; lawyers\.0\.oab: .*; supportEmail: /,
    );
    expect(() => parseCompanyIdentity(JSON.stringify({ ...REAL, extra: 1 }), 'prod.json')).toThrow(/extra/);
    expect(() => parseCompanyIdentity('{', 'prod.json')).toThrow('prod.json: not valid JSON');
  });

  it('lists the lawyers with their OAB numbers and tells when the bank shows another payee name', () => {
    expect(lawyersLine(REAL)).toBe('Dra. Júlia Prado (OAB/MG 123.456) e Dr. Caio Reis (OAB/SP 654.321)');
    expect(lawyersLine(EXAMPLE_COMPANY)).toBe('Dra. Ana Exemplo de Souza (OAB/MG 000.000)');
    expect(payeeNameDiffers(REAL)).toBe(false);
    expect(payeeNameDiffers({ ...REAL, pixPayeeName: 'BAIXA CERTA' })).toBe(true);
    expect(payeeNameDiffers(EXAMPLE_COMPANY)).toBe(false);
  });
});
