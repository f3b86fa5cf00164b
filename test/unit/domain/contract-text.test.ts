import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_TITLE,
  contractClauses,
  contractParties,
  contractText,
  priceInWords,
  signatureLines,
  SIGNATURE_LEGAL_BASIS,
} from '../../../domain/contract-text.js';
import type { Contract, Profile } from '../../../domain/schemas/entities.js';

const contract: Pick<Contract, 'valor' | 'protocolo'> = { valor: 399, protocolo: 'LM2026112300042' };
const person = {
  nome_completo: 'Maria da Conceição Souza',
  tipo_documento: 'cpf',
  cpf: '52998224725',
  endereco: 'Rua Dr. Olavo Gomes Pinto',
  numero: '120',
  complemento: 'Apto 12',
  bairro: 'Centro',
  cidade: 'São Lourenço',
  estado: 'MG',
  cep: '37470-000',
} satisfies Partial<Profile>;

const golden = readFileSync(new URL('./fixtures/contract-text.golden.txt', import.meta.url), 'utf8').trimEnd();

describe('contract text (what a signature covers)', () => {
  // Every signature stores the SHA-256 of this text: a change of wording must be deliberate, so it fails here first.
  it('is exactly the reviewed text', () => {
    expect(contractText(contract, person, EXAMPLE_COMPANY)).toBe(golden);
    expect(
      createHash('sha256')
        .update(contractText(contract, person, EXAMPLE_COMPANY))
        .digest('hex'),
    ).toBe(createHash('sha256').update(golden).digest('hex'));
  });

  it('has the nine clauses of the spec, numbered 1 to 9', () => {
    const clauses = contractClauses(contract, EXAMPLE_COMPANY);
    expect(clauses.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(clauses.map((c) => c.title)).toEqual([
      'Do objeto',
      'Da natureza e dos limites do serviço',
      'Do prazo',
      'Do valor e da forma de pagamento',
      'Das obrigações do CONTRATANTE',
      'Das obrigações da CONTRATADA',
      'Do cancelamento e do reembolso',
      'Da proteção de dados pessoais',
      'Do foro',
    ]);
    expect(clauses.every((c) => c.paragraphs.length > 0)).toBe(true);
  });

  it('writes the price out and follows the contract’s value and protocol', () => {
    expect(priceInWords(399)).toBe('R$ 399,00 (trezentos e noventa e nove reais)');
    expect(priceInWords(79.8)).toBe('R$ 79,80 (setenta e nove reais e oitenta centavos)');
    const other = contractText({ valor: 79.8, protocolo: 'LM2026010100001' }, person, EXAMPLE_COMPANY);
    expect(other).toContain('R$ 79,80 (setenta e nove reais e oitenta centavos)');
    expect(other).toContain('PROTOCOLO LM2026010100001');
    expect(other).not.toContain('LM2026112300042');
  });

  it('qualifies a company by its formatted CNPJ and leaves out an empty complement', () => {
    const company = { ...person, tipo_documento: 'cnpj' as const, cpf: '12ABC34501DE35', complemento: null };
    const { client, provider } = contractParties(company, EXAMPLE_COMPANY);
    expect(client).toBe(
      'Maria da Conceição Souza, inscrito(a) no CNPJ nº 12.ABC.345/01DE-35, com endereço em Rua Dr. Olavo Gomes Pinto, 120, Centro, São Lourenço/MG, CEP 37470-000, doravante CONTRATANTE',
    );
    expect(provider).toMatch(/^Limpa Nome .*, inscrita no CNPJ nº .*, com sede em .*, doravante CONTRATADA$/);
  });

  it('signs off with the evidence, the acceptance, the full hash and the legal basis', () => {
    const lines = signatureLines({
      signedAt: '2026-11-23T04:22:00.000Z',
      ip: '200.10.20.30',
      city: 'São Lourenço',
      state: 'MG',
      country: 'Brasil',
      userAgent: 'Mozilla/5.0',
      textSha256: 'ab'.repeat(32),
      consent: 'Li e concordo com os termos do contrato',
    });
    expect(lines).toEqual([
      'Assinado eletronicamente em 23/11/2026 01:22 (horário de Brasília).',
      'Aceite: antes de assinar, o CONTRATANTE marcou a declaração “Li e concordo com os termos do contrato”.',
      'Endereço IP: 200.10.20.30. Localização aproximada: São Lourenço/MG, Brasil.',
      'Navegador: Mozilla/5.0',
      `Resumo SHA-256 do texto assinado: ${'ab'.repeat(32)}`,
      SIGNATURE_LEGAL_BASIS,
    ]);
    expect(SIGNATURE_LEGAL_BASIS).toMatch(/art\. 10, § 2º, da Medida Provisória nº 2\.200-2\/2001/);
    expect(CONTRACT_TITLE).toBe('Contrato de Prestação de Serviços');
  });
});
