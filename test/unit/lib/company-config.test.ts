import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { assertRealCompany, companyForBuild, loadCompanyIdentity } from '../../../lib/company-config.js';

const REAL = {
  ...EXAMPLE_COMPANY,
  legalName: 'Baixa Certa Serviços Ltda.',
  cnpj: '11.222.333/0001-81',
  address: 'Av. Brasil, 10, Centro, São Lourenço/MG, CEP 37470-000',
  lawyers: [{ name: 'Dra. Júlia Prado', oab: 'OAB/MG 123.456' }],
  supportEmail: 'atendimento@baixacerta.com.br',
  whatsappNumber: '5535998765432',
  phoneNumber: '553533321000',
  pixPayeeName: 'BAIXA CERTA SERVICOS LTDA',
};

const fileWith = (value: unknown) => {
  const file = join(mkdtempSync(join(tmpdir(), 'company-')), 'prod.json');
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('a stage’s company identity', () => {
  it('is the examples where the stage has no file, and only dev may deploy them', () => {
    const loaded = loadCompanyIdentity('no-such-stage');
    expect(loaded.identity).toBe(EXAMPLE_COMPANY);
    expect(() => assertRealCompany('dev', loaded)).not.toThrow();
    expect(() => assertRealCompany('prod', loaded)).toThrow(
      'Stage "prod" still has example company identity values in domain/company.ts (EXAMPLE_COMPANY): set legalName, cnpj, address, lawyers, supportEmail, whatsappNumber, phoneNumber, pixPayeeName in config/company/prod.json (or -c companyFile=<path>)',
    );
  });

  it('reads a file given by path, refuses a malformed or missing one, and accepts real values anywhere', () => {
    const loaded = loadCompanyIdentity('prod', fileWith(REAL));
    expect(loaded.identity).toEqual(REAL);
    expect(() => assertRealCompany('prod', loaded)).not.toThrow();
    expect(() => loadCompanyIdentity('prod', fileWith({ ...REAL, cnpj: '1' }))).toThrow(/cnpj/);
    expect(() => loadCompanyIdentity('prod', '/nowhere/prod.json')).toThrow(
      '-c companyFile=/nowhere/prod.json: no such file',
    );
    const halfDone = loadCompanyIdentity('staging', fileWith({ ...REAL, phoneNumber: EXAMPLE_COMPANY.phoneNumber }));
    expect(() => assertRealCompany('staging', halfDone)).toThrow(/set phoneNumber in config\/company\/staging\.json/);
  });

  it('hands a site build the identity it was given, or the examples', () => {
    expect(companyForBuild({})).toBe(EXAMPLE_COMPANY);
    expect(companyForBuild({ BAIXA_COMPANY_IDENTITY: JSON.stringify(REAL) })).toEqual(REAL);
    expect(() => companyForBuild({ BAIXA_COMPANY_IDENTITY: '{}' })).toThrow(/BAIXA_COMPANY_IDENTITY: invalid/);
  });
});
