import { describe, expect, it } from 'vitest';
import { customerHistory, historyStatusLabel } from '../../../domain/history.js';
import type { Charge, Contract, Process, StatusHistory } from '../../../domain/schemas/entities.js';

const contract = (over: Partial<Contract> = {}): Contract => ({
  id: 'c1',
  profile_id: 'p1',
  protocolo: 'LM2026112100001',
  valor: 399,
  forma_pagamento: 'pix',
  assinado_em: null,
  ip_assinatura: null,
  geo_assinatura: null,
  parent_contrato_id: null,
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});
const process = { id: 'pr1', contrato_id: 'c1' } as Process;
const charge = (over: Partial<Charge> = {}): Charge => ({
  id: 'ch1',
  contrato_id: 'c1',
  status: 'PENDING',
  qr_code: null,
  pix_payload: null,
  link: null,
  asaas_id: 'pay_1',
  fb_event_id: null,
  created_at: '2026-11-21T12:00:00.000Z',
  updated_at: '2026-11-21T12:00:00.000Z',
  ...over,
});
const change = (de: string | null, para: string, created_at: string, obs: string | null = null): StatusHistory => ({
  processo_id: 'pr1',
  de,
  para,
  obs,
  by_user: 'u1',
  created_at,
});

describe('customerHistory (spec 02 §2 History)', () => {
  it('is empty for a customer without anything yet', () => {
    expect(customerHistory({ contracts: [], charges: [], processes: [], history: [] })).toEqual([]);
  });

  it('lists contracts, payments and process changes newest first, with protocols and both label sets', () => {
    const entries = customerHistory({
      contracts: [contract({ assinado_em: '2026-11-21T11:00:00.000Z' })],
      charges: [charge({ status: 'RECEIVED', updated_at: '2026-11-21T13:00:00.000Z' })],
      processes: [process],
      history: [
        change('cadastro', 'contrato_assinado', '2026-11-21T11:00:00.000Z'),
        change('pago', 'em_analise', '2026-11-22T09:00:00.000Z', 'Documentos conferidos'),
      ],
    });
    expect(entries.map((e) => [e.kind, e.title])).toEqual([
      ['process', 'Em Análise'],
      ['payment', 'Pagamento confirmado'],
      ['payment', 'PIX gerado'],
      // Same instant: the process change the signature caused is listed above it.
      ['process', 'Contrato Assinado'],
      ['contract', 'Contrato assinado'],
      ['contract', 'Contrato gerado'],
    ]);
    expect(entries[0]!.description).toBe('Pago → Em Análise · Protocolo LM2026112100001 · Documentos conferidos');
    expect(entries[5]!.description).toBe('Protocolo LM2026112100001 · R$ 399,00');
  });

  it('names renewals, overdue charges, and shows unknown statuses raw', () => {
    const entries = customerHistory({
      contracts: [contract({ id: 'c2', parent_contrato_id: 'c1' })],
      charges: [charge({ contrato_id: 'zz', status: 'OVERDUE', updated_at: '2026-11-25T00:00:00.000Z' })],
      processes: [],
      history: [change(null, 'status_novo', '2026-11-20T00:00:00.000Z')],
    });
    expect(entries.map((e) => e.title)).toEqual([
      'Pagamento: Vencido',
      'PIX gerado',
      'Contrato de renovação gerado',
      'status_novo',
    ]);
    expect(entries[0]!.description).toBe('Pagamento via PIX');
    expect(entries[3]!.description).toBe('status_novo');
    expect(historyStatusLabel('documentos_enviados')).toBe('Documentos Enviados');
    expect(historyStatusLabel('baixa_deferida')).toBe('Baixa Deferida');
  });
});
