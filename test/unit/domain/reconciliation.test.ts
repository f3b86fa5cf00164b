import { describe, expect, it } from 'vitest';
import {
  CHARGE_STATUSES_READ_ONE_BY_ONE,
  compareChargeWithPayment,
  CONFIRMATION_GRACE_MINUTES,
  describeDivergence,
  divergenceFacts,
  DIVERGENCE_KINDS,
  DIVERGENCE_LABELS,
  nextScheduledReconciliation,
  paymentWithoutCharge,
  reconciliationStarterText,
  RECONCILIATION_RUN_LABELS,
  RECONCILIATION_RUN_STATUSES,
  reconciliationWindow,
  type ChargeSnapshot,
} from '../../../domain/reconciliation.js';

const NOW = new Date('2026-03-10T06:00:00.000Z'); // 03:00 in São Paulo
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

function charge(overrides: Partial<ChargeSnapshot> = {}): ChargeSnapshot {
  return {
    status: 'PENDING',
    updatedAt: minutesAgo(60 * 24),
    value: 399,
    processStatus: 'pagamento_pendente',
    ...overrides,
  };
}

describe('reconciliationWindow', () => {
  it('first run: payments created and paid in the last 90 days, up to today', () => {
    expect(reconciliationWindow(NOW, null)).toEqual({
      createdFrom: '2025-12-10',
      paidFrom: '2025-12-10',
      paidCreatedUntil: '2025-12-09',
      until: '2026-03-10',
      ourChargesFrom: '2025-12-10T03:00:00.000Z',
    });
  });

  it('later runs: paid since the day before the last run started, whenever created', () => {
    const window = reconciliationWindow(NOW, '2026-03-09T06:00:04.000Z');
    expect(window.createdFrom).toBe('2025-12-10');
    expect(window.paidFrom).toBe('2026-03-08');
    expect(window.paidCreatedUntil).toBe('2025-12-09');
    expect(window.until).toBe('2026-03-10');
  });

  it('a last run months ago widens only the paid list; a cursor in the future or unreadable is no cursor', () => {
    expect(reconciliationWindow(NOW, '2025-06-01T06:00:00.000Z').paidFrom).toBe('2025-05-31');
    expect(reconciliationWindow(NOW, '2026-04-01T06:00:00.000Z').paidFrom).toBe('2026-03-09');
    expect(reconciliationWindow(NOW, 'ontem').paidFrom).toBe('2025-12-10');
  });
});

describe('compareChargeWithPayment', () => {
  it('the same status and value: nothing to do', () => {
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', value: 399 }, NOW)).toEqual({
      action: 'none',
      asaasStatus: 'PENDING',
      findings: [],
    });
  });

  it('a dropped paid delivery: the charge moves to Asaas’s status', () => {
    expect(compareChargeWithPayment(charge(), { status: 'RECEIVED', value: 399 }, NOW)).toEqual({
      action: 'move',
      asaasStatus: 'RECEIVED',
      findings: [],
    });
  });

  it('a dropped refund, overdue or removal moves too; a removal is read from `deleted`', () => {
    const paid = charge({ status: 'RECEIVED', processStatus: 'pago' });
    expect(compareChargeWithPayment(paid, { status: 'REFUNDED', value: 399 }, NOW).action).toBe('move');
    expect(compareChargeWithPayment(charge(), { status: 'OVERDUE', value: 399 }, NOW).action).toBe('move');
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', deleted: true, value: 399 }, NOW)).toMatchObject({
      action: 'move',
      asaasStatus: 'DELETED',
    });
  });

  it('a removed payment Asaas restored: only a fresh read may bring the charge back, and this is one', () => {
    expect(compareChargeWithPayment(charge({ status: 'DELETED' }), { status: 'PENDING', value: 399 }, NOW).action).toBe(
      'move',
    );
  });

  it('statuses of the same money that the charge’s life does not take: no news, no divergence', () => {
    const overdue = charge({ status: 'OVERDUE' });
    expect(compareChargeWithPayment(overdue, { status: 'PENDING', value: 399 }, NOW)).toEqual({
      action: 'none',
      asaasStatus: 'PENDING',
      findings: [],
    });
    const received = charge({ status: 'RECEIVED', processStatus: 'pago' });
    expect(compareChargeWithPayment(received, { status: 'CONFIRMED', value: 399 }, NOW)).toEqual({
      action: 'none',
      asaasStatus: 'CONFIRMED',
      findings: [],
    });
  });

  it('paid here (an admin’s “Marcar pago”), still open at Asaas: a divergence, nothing moves', () => {
    const marked = charge({ status: 'CONFIRMED', processStatus: 'pago' });
    expect(compareChargeWithPayment(marked, { status: 'OVERDUE', value: 399 }, NOW)).toEqual({
      action: 'none',
      asaasStatus: 'OVERDUE',
      findings: [{ kind: 'status_refused', ourStatus: 'CONFIRMED', asaasStatus: 'OVERDUE' }],
    });
  });

  it('refunded here, paid at Asaas: a divergence (a refund is final)', () => {
    const refunded = charge({ status: 'REFUNDED', processStatus: 'pago' });
    expect(compareChargeWithPayment(refunded, { status: 'RECEIVED', value: 399 }, NOW).findings).toEqual([
      { kind: 'status_refused', ourStatus: 'REFUNDED', asaasStatus: 'RECEIVED' },
    ]);
  });

  it('another value than the contract’s is a divergence, whatever the status does', () => {
    expect(compareChargeWithPayment(charge(), { status: 'RECEIVED', value: 299 }, NOW)).toEqual({
      action: 'move',
      asaasStatus: 'RECEIVED',
      findings: [{ kind: 'value_mismatch', ourValue: 399, asaasValue: 299 }],
    });
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', value: 399.004 }, NOW).findings).toEqual([]);
    expect(
      compareChargeWithPayment(charge({ value: 0.1 + 0.2 }), { status: 'PENDING', value: 0.3 }, NOW).findings,
    ).toEqual([]);
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', value: 398.99 }, NOW).findings).toHaveLength(1);
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', value: 399.006 }, NOW).findings).toHaveLength(1);
    expect(compareChargeWithPayment(charge({ value: null }), { status: 'PENDING', value: 5 }, NOW).findings).toEqual(
      [],
    );
  });

  it('paid on both sides, process still waiting long after: the confirmation is resumed', () => {
    const lost = charge({ status: 'RECEIVED', updatedAt: minutesAgo(CONFIRMATION_GRACE_MINUTES) });
    expect(compareChargeWithPayment(lost, { status: 'RECEIVED', value: 399 }, NOW).action).toBe('confirm');
    const stale = charge({ status: 'RECEIVED', updatedAt: 'quando?' });
    expect(compareChargeWithPayment(stale, { status: 'RECEIVED', value: 399 }, NOW).action).toBe('confirm');
  });

  it('…but not a confirmation still on its way, nor a process that moved on or is gone', () => {
    const recent = charge({ status: 'RECEIVED', updatedAt: minutesAgo(CONFIRMATION_GRACE_MINUTES - 1) });
    expect(compareChargeWithPayment(recent, { status: 'RECEIVED', value: 399 }, NOW).action).toBe('none');
    for (const processStatus of ['pago', 'peticionado', null] as const) {
      const settled = charge({ status: 'RECEIVED', processStatus });
      expect(compareChargeWithPayment(settled, { status: 'RECEIVED', value: 399 }, NOW).action).toBe('none');
    }
    // Unpaid on both sides: the process waits, as it should.
    expect(compareChargeWithPayment(charge(), { status: 'PENDING', value: 399 }, NOW).action).toBe('none');
  });

  it('a refund request withdrawn at Asaas (no event for it): only a fresh read, which this is, takes it back', () => {
    const requested = charge({ status: 'REFUND_REQUESTED', processStatus: 'pago' });
    expect(compareChargeWithPayment(requested, { status: 'RECEIVED', value: 399 }, NOW)).toEqual({
      action: 'move',
      asaasStatus: 'RECEIVED',
      findings: [],
    });
  });

  it('CONFIRMED here, RECEIVED at Asaas: the money landed, the charge moves on', () => {
    const confirmed = charge({ status: 'CONFIRMED', processStatus: 'pago' });
    expect(compareChargeWithPayment(confirmed, { status: 'RECEIVED', value: 399 }, NOW).action).toBe('move');
  });
});

describe('paymentWithoutCharge', () => {
  it('paid money with no charge of ours is an orphan payment', () => {
    for (const status of ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']) {
      expect(paymentWithoutCharge({ status, value: 399 })).toBe('orphan');
    }
  });

  it('unpaid, returned or removed payments are nobody’s money', () => {
    for (const status of ['PENDING', 'OVERDUE', 'REFUNDED', 'AWAITING_RISK_ANALYSIS']) {
      expect(paymentWithoutCharge({ status, value: 399 })).toBe('ignore');
    }
    expect(paymentWithoutCharge({ status: 'RECEIVED', deleted: true, value: 399 })).toBe('ignore');
  });
});

describe('divergences as people read them', () => {
  it('every kind has a pt-BR label', () => {
    expect(Object.keys(DIVERGENCE_LABELS).sort()).toEqual([...DIVERGENCE_KINDS].sort());
    expect(DIVERGENCE_LABELS.unknown_at_asaas).toBe('Cobrança não encontrada no Asaas');
  });

  it('keeps each finding’s facts in one shape and tells both sides in the screens’ words', () => {
    const status = divergenceFacts({ kind: 'status_refused', ourStatus: 'CONFIRMED', asaasStatus: 'OVERDUE' });
    expect(status).toEqual({
      kind: 'status_refused',
      our_status: 'CONFIRMED',
      asaas_status: 'OVERDUE',
      our_value: null,
      asaas_value: null,
    });
    expect(describeDivergence(status)).toBe('Aqui: Pago. No Asaas: Vencido.');

    const value = divergenceFacts({ kind: 'value_mismatch', ourValue: 399, asaasValue: 299.9 });
    expect(value).toEqual({
      kind: 'value_mismatch',
      our_status: null,
      asaas_status: null,
      our_value: 399,
      asaas_value: 299.9,
    });
    expect(describeDivergence(value)).toBe('Contrato: R$ 399,00. No Asaas: R$ 299,90.');

    const unknown = divergenceFacts({ kind: 'unknown_at_asaas', ourStatus: 'PENDING' });
    expect(unknown.our_status).toBe('PENDING');
    expect(describeDivergence(unknown)).toBe('Aqui: Pendente. O Asaas não encontrou o pagamento.');
    expect(describeDivergence({ ...value, our_value: null, asaas_value: null })).toBe('Contrato: —. No Asaas: —.');
    expect(describeDivergence({ ...status, asaas_status: null })).toBe('Aqui: Pago. No Asaas: —.');
  });
});

describe('runs', () => {
  it('every run status has a pt-BR label', () => {
    expect(Object.keys(RECONCILIATION_RUN_LABELS).sort()).toEqual([...RECONCILIATION_RUN_STATUSES].sort());
    expect(RECONCILIATION_RUN_LABELS.incomplete).toBe('Incompleta');
  });

  it('reads one by one only statuses still under way, never the ones that pile up', () => {
    expect(CHARGE_STATUSES_READ_ONE_BY_ONE).toContain('REFUND_REQUESTED');
    expect(CHARGE_STATUSES_READ_ONE_BY_ONE).toContain('AWAITING_RISK_ANALYSIS');
    for (const status of ['OVERDUE', 'DELETED', 'RECEIVED', 'REFUNDED']) {
      expect(CHARGE_STATUSES_READ_ONE_BY_ONE).not.toContain(status);
    }
  });
});

describe('the next scheduled run and who started one', () => {
  it('is today’s 03:00 in São Paulo while it is ahead, else tomorrow’s', () => {
    expect(nextScheduledReconciliation(new Date('2026-11-27T05:59:00.000Z'))).toBe('2026-11-27T06:00:00.000Z');
    expect(nextScheduledReconciliation(new Date('2026-11-27T06:00:00.000Z'))).toBe('2026-11-28T06:00:00.000Z');
    // 23:30 on the 27th in São Paulo is already the 28th in UTC: the next run is the 28th's, at 03:00 there.
    expect(nextScheduledReconciliation(new Date('2026-11-28T02:30:00.000Z'))).toBe('2026-11-28T06:00:00.000Z');
    expect(nextScheduledReconciliation(new Date('2026-12-31T12:00:00.000Z'))).toBe('2027-01-01T06:00:00.000Z');
  });

  it('names the schedule, the script or the admin', () => {
    expect(reconciliationStarterText(null)).toBe('Iniciada pelo agendamento noturno');
    expect(reconciliationStarterText({ kind: 'agendamento' })).toBe('Iniciada pelo agendamento noturno');
    expect(reconciliationStarterText({ kind: 'script' })).toBe('Iniciada pelo comando npm run reconcile');
    expect(reconciliationStarterText({ kind: 'admin', email: 'ana@firma.com.br' })).toBe(
      'Iniciada por ana@firma.com.br (Executar agora)',
    );
  });
});
