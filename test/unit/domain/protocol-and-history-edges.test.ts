import { describe, expect, it } from 'vitest';
import { customerHistory } from '../../../domain/history.js';
import { formatLegacyProtocol, fullProtocol, parseProtocol, protocolCheckDigit } from '../../../domain/protocol.js';
import type { Charge, Contract } from '../../../domain/schemas/entities.js';

describe('protocol numbers at their edges', () => {
  const day = new Date('2026-11-21T15:00:00Z');
  it('takes daily sequences 1 to 99,999 and nothing else', () => {
    expect(formatLegacyProtocol(day, 1)).toBe('LM2026112100001');
    expect(formatLegacyProtocol(day, 99_999)).toBe('LM2026112199999');
    for (const bad of [0, 100_000, 1.5, Number.NaN]) {
      expect(() => formatLegacyProtocol(day, bad)).toThrow(`daily protocol sequence out of range: ${bad}`);
    }
  });
  it('computes the mod-11 check digit with weights 2 to 9 from the right', () => {
    // digits 2026112100042, weights from the right 2..9 then 2..6: sum = 88 → 88 % 11 = 0 → 0.
    expect(protocolCheckDigit('LM2026112100042')).toBe(0);
    expect(fullProtocol('LM2026112100042')).toBe('LM2026112100042-0');
    // A single 1 weighs 2, 3, 4 … 9 and then 2 again, by its position from the right: 11 − weight.
    expect(protocolCheckDigit('LM0000000000001')).toBe(9);
    expect(protocolCheckDigit('LM0000000000100')).toBe(7);
    expect(protocolCheckDigit('LM0000100000000')).toBe(9);
    expect(protocolCheckDigit('LM0000000000000')).toBe(0);
    expect(protocolCheckDigit('LM0000000000010')).toBe(8);
  });
  it('parses either form through stray spaces, and refuses a wrong digit or extra text', () => {
    expect(parseProtocol('  lm 2026 1121 00042 - 0 ')).toBe('LM2026112100042');
    expect(parseProtocol('LM2026112100042-3')).toBeNull();
    expect(parseProtocol('XLM2026112100042')).toBeNull();
    expect(parseProtocol('LM2026112100042-22')).toBeNull();
  });
});

describe('history entries', () => {
  const contract: Contract = {
    id: 'c1',
    profile_id: 'p1',
    protocolo: 'LM2026112100001',
    valor: 399,
    forma_pagamento: 'pix',
    assinado_em: '2026-11-21T11:00:00.000Z',
    ip_assinatura: null,
    geo_assinatura: null,
    parent_contrato_id: null,
    created_at: '2026-11-21T10:00:00.000Z',
  };
  const charge: Charge = {
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
  };

  it('gives every entry its own stable id and the protocol in its description', () => {
    const entries = customerHistory({
      contracts: [contract],
      charges: [charge, { ...charge, id: 'ch2', status: 'RECEIVED', updated_at: '2026-11-22T00:00:00.000Z' }],
      processes: [{ id: 'pr1', contrato_id: 'c1' } as never],
      history: [
        {
          processo_id: 'pr1',
          de: 'cadastro',
          para: 'contrato_assinado',
          obs: null,
          by_user: 'u',
          created_at: '2026-11-21T11:00:00.000Z',
        },
      ],
    });
    expect(entries.map((e) => e.id)).toEqual([
      'charge-status-ch2',
      'charge-ch1',
      'charge-ch2',
      // The process's move to 'contrato_assinado' is the contract's signature, listed once.
      'signature-c1',
      'contract-c1',
    ]);
    expect(entries.find((e) => e.id === 'signature-c1')?.description).toBe(
      'Protocolo LM2026112100001 · assinatura digital',
    );
    expect(entries.find((e) => e.id === 'charge-ch1')?.description).toBe('Protocolo LM2026112100001');
    expect(entries.find((e) => e.id === 'charge-status-ch2')?.description).toBe('Protocolo LM2026112100001');
    // A charge never updated has no second entry.
    expect(entries.some((e) => e.id === 'charge-status-ch1')).toBe(false);
  });

  it('describes a change of a process it cannot place without a protocol', () => {
    const [entry] = customerHistory({
      contracts: [],
      charges: [],
      processes: [],
      history: [
        {
          processo_id: 'x',
          de: 'pago',
          para: 'peticionado',
          obs: null,
          by_user: 'u',
          created_at: '2026-11-21T11:00:00.000Z',
        },
      ],
    });
    expect(entry).toMatchObject({ title: 'Pedido protocolado', description: 'Andamento do processo' });
  });
});
