import { describe, expect, it } from 'vitest';
import type { Charge, Contract, Process } from '../../../domain/schemas/entities.js';
import {
  chargesToSettle,
  combinedSettlement,
  refundMethod,
  settlementAction,
  settlementPlan,
  withdrawalDeadline,
  withdrawalEligibility,
} from '../../../domain/withdrawal.js';

// Signed on Monday 2026-11-02 at 23:30 in São Paulo (02:30 UTC on the 3rd): day 0 is the 2nd, São Paulo's calendar.
const signedAt = '2026-11-03T02:30:00.000Z';
const contract = { id: 'c1', assinado_em: signedAt, cancelado_em: null } as Contract;
const processIn = (status: Process['status']) => ({ status }) as Process;
const at = (saoPaulo: string) => new Date(`${saoPaulo}-03:00`);

describe('withdrawal: 7 calendar days after the signature, in São Paulo, before the filing', () => {
  it('ends at the last instant of the 7th day after the signing day, counted in São Paulo', () => {
    expect(withdrawalDeadline(signedAt)).toBe('2026-11-10T02:59:59.999Z');
    // Crossing a month: signed on the 28th → until the 5th.
    expect(withdrawalDeadline('2026-11-28T15:00:00.000Z')).toBe('2026-12-06T02:59:59.999Z');
  });

  it('is allowed on day 6 and on the last minute of day 7, refused on day 8', () => {
    expect(withdrawalEligibility(contract, processIn('pago'), at('2026-11-08T10:00:00'))).toEqual({
      allowed: true,
      until: '2026-11-10T02:59:59.999Z',
    });
    expect(withdrawalEligibility(contract, processIn('pago'), at('2026-11-09T23:59:00')).allowed).toBe(true);
    expect(withdrawalEligibility(contract, processIn('pago'), at('2026-11-10T00:00:00'))).toMatchObject({
      allowed: false,
      reason: 'window_closed',
      message: expect.stringContaining('7 dias corridos'),
    });
  });

  it('is refused once filed, closed, cancelled or never signed', () => {
    const day1 = at('2026-11-03T09:00:00');
    for (const status of ['peticionado', 'baixa_deferida', 'baixa_caiu'] as const) {
      expect(withdrawalEligibility(contract, processIn(status), day1)).toMatchObject({
        allowed: false,
        reason: 'filed',
      });
    }
    expect(withdrawalEligibility(contract, processIn('encerrado'), day1)).toMatchObject({ reason: 'closed' });
    expect(
      withdrawalEligibility({ ...contract, cancelado_em: '2026-11-03T12:00:00Z' }, processIn('pago'), day1),
    ).toMatchObject({ reason: 'already_cancelled' });
    expect(withdrawalEligibility({ ...contract, assinado_em: null }, processIn('cadastro'), day1)).toMatchObject({
      reason: 'not_signed',
    });
    for (const status of ['contrato_assinado', 'pagamento_pendente', 'pago', 'pagamento_estornado'] as const) {
      expect(withdrawalEligibility(contract, processIn(status), day1).allowed).toBe(true);
    }
  });
});

describe('the deadline follows São Paulo’s zone rules, not a fixed −03:00', () => {
  it('ends at midnight of the summer time São Paulo kept until 2019 (UTC−2)', () => {
    // Signed on 2018-11-01; the 8th ended at 2018-11-09 00:00 −02:00 (summer time began on 2018-11-04).
    expect(withdrawalDeadline('2018-11-01T15:00:00.000Z')).toBe('2018-11-09T01:59:59.999Z');
  });
});

describe("a contract's settlement in one word, from its charges'", () => {
  it('says what needs a person most: refused, then under way, then a refund, then a removal', () => {
    expect(combinedSettlement(['removed', 'refused', 'refund-requested'])).toBe('refused');
    expect(combinedSettlement(['removed', 'in-progress', 'refund-requested'])).toBe('in-progress');
    expect(combinedSettlement(['removed', 'refund-requested', 'nothing'])).toBe('refund-requested');
    expect(combinedSettlement(['nothing', 'removed'])).toBe('removed');
    expect(combinedSettlement([])).toBe('nothing');
  });
});

describe('what a settlement does with each charge, decided once', () => {
  it('refunds a paid charge, removes an open one (overdue included), leaves the rest', () => {
    for (const status of ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']) expect(settlementAction(status)).toBe('refund');
    for (const status of ['PENDING', 'AWAITING_RISK_ANALYSIS', 'OVERDUE'])
      expect(settlementAction(status)).toBe('remove');
    for (const status of ['DELETED', 'REFUNDED', 'REFUND_REQUESTED', 'REFUND_IN_PROGRESS']) {
      expect(settlementAction(status)).toBeNull();
    }
  });

  it('skips a charge whose money an admin returned by hand', () => {
    const charges = [
      { id: 'a', status: 'RECEIVED', manual_refund: { valor: 399 } },
      { id: 'b', status: 'OVERDUE', manual_refund: null },
      { id: 'c', status: 'DELETED', manual_refund: null },
    ] as unknown as Charge[];
    expect(chargesToSettle(charges).map((charge) => charge.id)).toEqual(['b']);
  });
});

describe('what cancelling a contract will do with its money, told before the customer confirms', () => {
  const pix = { id: 'c1', forma_pagamento: 'pix' } as Contract;
  const charge = (status: string, overrides: Partial<Charge> = {}) =>
    ({ contrato_id: 'c1', status, manual_refund: null, ...overrides }) as Charge;

  it('promises the removal of an overdue PIX, as the server then does', () => {
    expect(settlementPlan(pix, [charge('OVERDUE')])).toBe('remove');
    expect(settlementPlan(pix, [charge('PENDING')])).toBe('remove');
  });

  it('promises a refund when any charge is paid, a replaced one included', () => {
    expect(settlementPlan(pix, [charge('RECEIVED'), charge('PENDING')])).toBe('refund');
    expect(settlementPlan(pix, [charge('DELETED'), charge('CONFIRMED')])).toBe('refund');
  });

  it('promises nothing when there is no money and no open charge, nor for other contracts’ charges', () => {
    expect(settlementPlan(pix, [])).toBe('nothing');
    expect(settlementPlan(pix, [charge('DELETED'), charge('REFUNDED')])).toBe('nothing');
    expect(settlementPlan(pix, [charge('RECEIVED', { contrato_id: 'other' })])).toBe('nothing');
  });

  it('gives a free renewal’s benefit back', () => {
    expect(settlementPlan({ id: 'c1', forma_pagamento: 'gratuito' } as Contract, [])).toBe('free');
  });
});

describe('how the money a withdrawal refunds was paid, so the words say where it goes back', () => {
  const charge = (id: string, status: string, overrides: Partial<Charge> = {}) =>
    ({ id, contrato_id: 'c1', status, created_at: `2026-11-0${id}T10:00:00.000Z`, ...overrides }) as Charge;

  it('is the method of the newest charge with money, a card plan or a boleto alike', () => {
    expect(refundMethod('c1', [charge('1', 'RECEIVED', { forma: 'cartao' })])).toBe('cartao');
    expect(refundMethod('c1', [charge('1', 'CONFIRMED', { forma: 'boleto' })])).toBe('boleto');
    expect(refundMethod('c1', [charge('1', 'REFUND_REQUESTED', { forma: 'cartao' })])).toBe('cartao');
    expect(refundMethod('c1', [charge('1', 'REFUNDED', { forma: 'boleto' })])).toBe('boleto');
    // A PIX created before the method was chosen has none stored.
    expect(refundMethod('c1', [charge('1', 'RECEIVED')])).toBe('pix');
  });

  it('skips a newer charge that holds no money (a boleto chosen after a PIX paid late)', () => {
    const charges = [charge('2', 'PENDING', { forma: 'boleto' }), charge('1', 'RECEIVED', { forma: 'pix' })];
    expect(refundMethod('c1', charges)).toBe('pix');
    expect(
      refundMethod('c1', [charge('1', 'DELETED', { forma: 'pix' }), charge('2', 'RECEIVED', { forma: 'cartao' })]),
    ).toBe('cartao');
  });

  it('money recorded by hand is manual; other contracts’ charges do not count', () => {
    expect(
      refundMethod('c1', [
        charge('1', 'RECEIVED', { forma: 'pix', pagamento_manual: {} as Charge['pagamento_manual'] }),
      ]),
    ).toBe('manual');
    expect(refundMethod('c1', [charge('1', 'RECEIVED', { forma: 'cartao', contrato_id: 'other' })])).toBe('pix');
  });
});
