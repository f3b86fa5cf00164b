import { describe, expect, it } from 'vitest';
import type { AdminChargeRow } from '../../../domain/api/admin-finance.js';
import { buildCsv, csvNumber, csvText, CSV_BOM } from '../../../domain/csv.js';
import { FINANCE_CSV_HEADER, financeCsv, financeCsvFileName } from '../../../domain/finance-csv.js';

const lines = (csv: string) => csv.slice(CSV_BOM.length).split('\r\n');

describe('CSV for Brazilian spreadsheets', () => {
  it('starts with a UTF-8 BOM, separates with ";" and ends every line with CRLF', () => {
    const csv = buildCsv(['Nome', 'Valor (R$)'], [['João', 399]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toBe('\uFEFFNome;Valor (R$)\r\nJoão;399,00\r\n');
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('writes numbers with a decimal comma and no thousands separator, never escaped', () => {
    expect(csvNumber(1234.5)).toBe('1234,50');
    expect(csvNumber(0.1 + 0.2)).toBe('0,30');
    expect(csvNumber(-399)).toBe('-399,00');
    expect(buildCsv(['v'], [[-399]])).toBe('\uFEFFv\r\n-399,00\r\n');
  });

  it('leaves empty cells empty', () => {
    expect(buildCsv(['a', 'b', 'c'], [[null, undefined, '']])).toBe('\uFEFFa;b;c\r\n;;\r\n');
  });

  it('quotes a cell holding the separator, a quote or a line break, doubling quotes', () => {
    expect(csvText('Silva; Souza')).toBe('"Silva; Souza"');
    expect(csvText('Maria "Mari" Lima')).toBe('"Maria ""Mari"" Lima"');
    expect(csvText('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvText('linha 1\r\nlinha 2')).toBe('"linha 1\r\nlinha 2"');
    expect(csvText('Ana, Bia')).toBe('Ana, Bia');
    expect(csvText('sem aspas')).toBe('sem aspas');
  });

  it("neutralises text a spreadsheet would run as a formula with a leading '", () => {
    expect(csvText('=HYPERLINK("http://x","clique")')).toBe('"\'=HYPERLINK(""http://x"",""clique"")"');
    expect(csvText('+5511999990000')).toBe("'+5511999990000");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\t=1+1')).toBe("'\t=1+1");
    expect(csvText('\r=1+1')).toBe('"\'\r=1+1"');
    // Only at the start: an e-mail or a hyphenated name is left alone.
    expect(csvText('ana@example.com')).toBe('ana@example.com');
    expect(csvText('Ana Costa-Lima')).toBe('Ana Costa-Lima');
    expect(csvText(' =1')).toBe(' =1');
  });
});

const row = (overrides: Partial<AdminChargeRow> = {}): AdminChargeRow => ({
  id: '01JCHARGE',
  contrato_id: '01JCONTRACT',
  status: 'RECEIVED',
  pix_payload: 'payload',
  link: null,
  asaas_id: 'pay_123',
  fb_event_id: null,
  valor: 399,
  paid_at: '2025-11-03T13:05:00.000Z',
  created_at: '2025-11-03T02:30:00.000Z',
  updated_at: '2025-11-03T13:05:00.000Z',
  user_id: 'user-1',
  profile_id: 'profile-1',
  protocolo: 'LM2025110300012',
  contrato_created_at: '2025-11-01T12:00:00.000Z',
  nome_cliente: 'João da Silva',
  email_cliente: 'joao@example.com',
  whatsapp_cliente: '(11) 99999-0000',
  metodo: 'pix',
  ...overrides,
});

describe("'Exportar CSV' of /admin/financeiro", () => {
  it('writes the header and one line per charge, in São Paulo time and the screen’s words', () => {
    const csv = financeCsv([
      row({ taxa_asaas: 1.99 }),
      row({ status: 'PENDING', valor: 1234.5, asaas_id: null, nome_cliente: null, paid_at: null }),
      row({ status: 'RECEIVED_IN_CASH', metodo: 'manual' }),
      row({ metodo: 'cartao', valor: 449, taxa_asaas: 18.09 }),
      row({ status: 'OVERDUE', metodo: 'boleto', valor: 419, paid_at: null }),
      row({ status: 'REFUNDED', taxa_asaas: 1.99 }),
    ]);
    expect(lines(csv)).toEqual([
      FINANCE_CSV_HEADER.join(';'),
      'LM2025110300012;João da Silva;joao@example.com;(11) 99999-0000;399,00;Pago;02/11/2025 23:30;03/11/2025 10:05;pay_123;03/11/2025 10:05;PIX;1,99;397,01',
      'LM2025110300012;;joao@example.com;(11) 99999-0000;1234,50;Pendente;02/11/2025 23:30;03/11/2025 10:05;;;PIX;;',
      'LM2025110300012;João da Silva;joao@example.com;(11) 99999-0000;399,00;Pago;02/11/2025 23:30;03/11/2025 10:05;pay_123;03/11/2025 10:05;Manual;0,00;399,00',
      'LM2025110300012;João da Silva;joao@example.com;(11) 99999-0000;449,00;Pago;02/11/2025 23:30;03/11/2025 10:05;pay_123;03/11/2025 10:05;Cartão de crédito;18,09;430,91',
      'LM2025110300012;João da Silva;joao@example.com;(11) 99999-0000;419,00;Vencido;02/11/2025 23:30;03/11/2025 10:05;pay_123;;Boleto;;',
      'LM2025110300012;João da Silva;joao@example.com;(11) 99999-0000;399,00;Estornado;02/11/2025 23:30;03/11/2025 10:05;pay_123;03/11/2025 10:05;PIX;1,99;-1,99',
      '',
    ]);
    expect(FINANCE_CSV_HEADER).toContain('Última movimentação');
  });

  it('escapes what a client typed', () => {
    const csv = financeCsv([row({ nome_cliente: '=cmd|"/c calc"!A1', whatsapp_cliente: '+55 11 99999-0000' })]);
    expect(lines(csv)[1]).toContain(';"\'=cmd|""/c calc""!A1";');
    expect(lines(csv)[1]).toContain(";'+55 11 99999-0000;");
  });

  it('is only the header for an empty list', () => {
    expect(financeCsv([])).toBe(`\uFEFF${FINANCE_CSV_HEADER.join(';')}\r\n`);
  });

  it('names the file after the period', () => {
    expect(financeCsvFileName({ from: '2025-11-01', to: '2025-11-30' })).toBe('financeiro-2025-11-01-a-2025-11-30.csv');
  });
});
