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
      // The signature once: the process's move to 'contrato_assinado' is the contract's signature.
      ['contract', 'Contrato assinado'],
      ['contract', 'Contrato gerado'],
    ]);
    // No system states ('Pago → Em Análise'): the protocol and the team's note.
    expect(entries[0]!.description).toBe('Protocolo LM2026112100001 · Documentos conferidos');
    expect(entries[4]!.description).toBe('Protocolo LM2026112100001 · R$\u00a0399,00');
  });

  it('names renewals, overdue charges, and shows unknown statuses raw', () => {
    const entries = customerHistory({
      contracts: [contract({ id: 'c2', parent_contrato_id: 'c1' })],
      charges: [charge({ contrato_id: 'zz', status: 'OVERDUE', updated_at: '2026-11-25T00:00:00.000Z' })],
      processes: [],
      history: [change(null, 'status_novo', '2026-11-20T00:00:00.000Z')],
    });
    expect(entries.map((e) => e.title)).toEqual([
      'PIX vencido',
      'PIX gerado',
      'Contrato de renovação gerado',
      'status_novo',
    ]);
    expect(entries[0]!.description).toBe('Pagamento via PIX');
    expect(entries[3]!.description).toBe('Andamento do processo');
    expect(historyStatusLabel('documentos_enviados')).toBe('Documentos Enviados');
    expect(historyStatusLabel('baixa_deferida')).toBe('Baixa Deferida');
  });
});

describe('customerHistory entries in full', () => {
  it('gives each entry a stable id, its instant and its description', () => {
    const entries = customerHistory({
      contracts: [contract({ assinado_em: '2026-11-21T11:00:00.000Z' })],
      charges: [
        // Never updated: only its creation is listed.
        charge(),
        charge({ id: 'ch2', status: 'REFUNDED', updated_at: '2026-11-23T00:00:00.000Z' }),
      ],
      processes: [process],
      history: [
        change('pago', 'peticionado', '2026-11-22T00:00:00.000Z'),
        { ...change(null, 'cadastro', '2026-11-20T00:00:00.000Z', 'Sem processo'), processo_id: 'desconhecido' },
      ],
    });
    expect(entries).toEqual([
      {
        id: 'charge-status-ch2',
        at: '2026-11-23T00:00:00.000Z',
        kind: 'payment',
        title: 'Pagamento estornado',
        description: 'Protocolo LM2026112100001',
      },
      {
        id: 'process-pr1-2026-11-22T00:00:00.000Z-peticionado',
        at: '2026-11-22T00:00:00.000Z',
        kind: 'process',
        title: 'Pedido protocolado',
        description: 'Protocolo LM2026112100001',
      },
      {
        id: 'charge-ch1',
        at: '2026-11-21T12:00:00.000Z',
        kind: 'payment',
        title: 'PIX gerado',
        description: 'Protocolo LM2026112100001',
      },
      {
        id: 'charge-ch2',
        at: '2026-11-21T12:00:00.000Z',
        kind: 'payment',
        title: 'PIX gerado',
        description: 'Protocolo LM2026112100001',
      },
      {
        id: 'signature-c1',
        at: '2026-11-21T11:00:00.000Z',
        kind: 'contract',
        title: 'Contrato assinado',
        description: 'Protocolo LM2026112100001 · assinatura digital',
      },
      {
        id: 'contract-c1',
        at: '2026-11-21T10:00:00.000Z',
        kind: 'contract',
        title: 'Contrato gerado',
        description: 'Protocolo LM2026112100001 · R$\u00a0399,00',
      },
      {
        id: 'process-desconhecido-2026-11-20T00:00:00.000Z-cadastro',
        at: '2026-11-20T00:00:00.000Z',
        kind: 'process',
        title: 'Pedido registrado',
        description: 'Sem processo',
      },
    ]);
  });

  it('speaks of the money and the process in the customer’s words', () => {
    const entries = customerHistory({
      contracts: [contract()],
      charges: [
        charge({ id: 'a', status: 'REFUND_REQUESTED', updated_at: '2026-11-24T00:00:00.000Z' }),
        charge({ id: 'b', status: 'CHARGEBACK_REQUESTED', updated_at: '2026-11-25T00:00:00.000Z' }),
      ],
      processes: [process],
      history: [
        change('pagamento_pendente', 'pago', '2026-11-22T00:00:00.000Z'),
        change('pago', 'pagamento_estornado', '2026-11-25T00:00:01.000Z', 'Pagamento estornado no Asaas.'),
        change('baixa_deferida', 'baixa_caiu', '2026-11-26T00:00:00.000Z'),
      ],
    });
    const titles = entries.map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Processo iniciado',
        'Processo parado: pagamento devolvido',
        'A baixa caiu',
        'Estorno solicitado',
        'Pagamento contestado',
      ]),
    );
    expect(entries.map((e) => e.description).join(' ')).not.toContain('→');
  });

  it('names a renewal’s signature and a payment of an unknown contract', () => {
    const entries = customerHistory({
      contracts: [contract({ id: 'c2', parent_contrato_id: 'c1', assinado_em: '2026-11-22T00:00:00.000Z' })],
      charges: [charge({ contrato_id: 'zz' })],
      processes: [],
      history: [],
    });
    expect(entries.map((e) => [e.id, e.title, e.description])).toEqual([
      ['signature-c2', 'Contrato de renovação assinado', 'Protocolo LM2026112100001 · assinatura digital'],
      ['charge-ch1', 'PIX gerado', 'Pagamento via PIX'],
      ['contract-c2', 'Contrato de renovação gerado', 'Protocolo LM2026112100001 · R$\u00a0399,00'],
    ]);
  });

  it('says a card or a boleto was made, never a PIX', () => {
    const entries = customerHistory({
      contracts: [],
      charges: [
        charge({ id: 'card', contrato_id: 'zz', forma: 'cartao' }),
        charge({ id: 'slip', contrato_id: 'zz', forma: 'boleto' }),
      ],
      processes: [],
      history: [],
    });
    expect(entries.map((e) => [e.id, e.title, e.description])).toEqual(
      expect.arrayContaining([
        ['charge-card', 'Cobrança no cartão gerada', 'Pagamento via Cartão de crédito'],
        ['charge-slip', 'Boleto gerado', 'Pagamento via Boleto'],
      ]),
    );
    expect(entries.map((e) => e.title)).not.toContain('PIX gerado');
  });
});
