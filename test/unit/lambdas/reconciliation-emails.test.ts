import { describe, expect, it } from 'vitest';
import { REPORT_DIVERGENCE_LIMIT, reconciliationReportEmail } from '../../../lambdas/payments/reconciliation-emails.js';
import type { ReconciliationRun } from '../../../lambdas/shared/data/reconciliation.js';

const run = (overrides: Partial<ReconciliationRun> = {}): ReconciliationRun => ({
  id: '2026-03-10T06:00:00.000Z',
  status: 'completed',
  started_at: '2026-03-10T06:00:00.000Z',
  finished_at: '2026-03-10T06:01:00.000Z',
  window: { createdFrom: '2025-12-10', paidFrom: '2026-03-08', until: '2026-03-10' },
  note: null,
  pages: 101,
  requests: 103,
  payments_read: 10_050,
  charges_checked: 10_000,
  repaired: 0,
  confirmations_resumed: 0,
  orphans: 0,
  orphans_new: 0,
  divergences_new: 0,
  divergences_open: 0,
  divergences_resolved: 0,
  errors: 0,
  ...overrides,
});
const divergence = (asaasId: string) => ({
  kind: 'status_refused' as const,
  asaas_id: asaasId,
  our_status: 'CONFIRMED',
  asaas_status: 'OVERDUE',
  our_value: null,
  asaas_value: null,
});

describe('the reconciliation report e-mail', () => {
  it('names the night’s news in the subject, in pt-BR', () => {
    expect(reconciliationReportEmail('https://app', run({ repaired: 2, confirmations_resumed: 1 }), []).subject).toBe(
      'Conciliação com o Asaas — 10/03/2026: 3 cobranças reparadas',
    );
    expect(
      reconciliationReportEmail('https://app', run({ divergences_new: 1, orphans_new: 1, errors: 2 }), []).subject,
    ).toBe('Conciliação com o Asaas — 10/03/2026: 1 divergência nova, 1 pagamento sem cobrança, 2 erros');
    expect(reconciliationReportEmail('https://app', run({ status: 'incomplete' }), []).subject).toBe(
      'Conciliação com o Asaas — 10/03/2026: incompleta',
    );
    expect(reconciliationReportEmail('https://app', run({ status: 'failed' }), []).subject).toBe(
      'Conciliação com o Asaas não concluída — 10/03/2026',
    );
  });

  it('gives the figures, the new divergences (escaped, at most 20) and a link to the finance screen', () => {
    const many = Array.from({ length: REPORT_DIVERGENCE_LIMIT + 3 }, (_, i) => divergence(`pay_${i}`));
    many[0] = divergence('pay_<b>');
    const { html } = reconciliationReportEmail(
      'https://app.example.com',
      run({ divergences_new: many.length, note: 'Limite <atingido>' }),
      many,
    );
    expect(html).toContain('<strong>10.050</strong>');
    expect(html).toContain('pay_&#60;b&#62;');
    expect(html).not.toContain('pay_<b>');
    expect(html).toContain('Limite &#60;atingido&#62;');
    expect(html).toContain('Aqui: Pago. No Asaas: Vencido.');
    expect(html).toContain(`pay_${REPORT_DIVERGENCE_LIMIT - 1}<`);
    expect(html).not.toContain(`pay_${REPORT_DIVERGENCE_LIMIT}<`);
    expect(html).toContain('E mais 3 divergências no painel.');
    expect(html).toContain('href="https://app.example.com/admin/financeiro#divergencias"');
    expect(html).toContain('equipe administrativa');
  });
});
