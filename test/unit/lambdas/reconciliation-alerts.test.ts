import { describe, expect, it } from 'vitest';
import { adminAlertEmail } from '../../../lambdas/live/status-emails.js';
import { REPORT_DIVERGENCE_LIMIT, reconciliationReportAlert } from '../../../lambdas/payments/reconciliation-alerts.js';
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

describe('the reconciliation report (an admin alert)', () => {
  it('names the night’s news in the subject, in pt-BR', () => {
    expect(reconciliationReportAlert(run({ repaired: 2, confirmations_resumed: 1 }), []).subject).toBe(
      'Conciliação com o Asaas — 10/03/2026: 3 cobranças reparadas',
    );
    expect(reconciliationReportAlert(run({ divergences_new: 1, orphans_new: 1, errors: 2 }), []).subject).toBe(
      'Conciliação com o Asaas — 10/03/2026: 1 divergência nova, 1 pagamento sem cobrança, 2 erros',
    );
    expect(reconciliationReportAlert(run({ status: 'incomplete' }), []).subject).toBe(
      'Conciliação com o Asaas — 10/03/2026: incompleta',
    );
    expect(reconciliationReportAlert(run({ status: 'failed' }), []).subject).toBe(
      'Conciliação com o Asaas não concluída — 10/03/2026',
    );
  });

  it('gives the figures, the new divergences (escaped, at most 20) and a link to the finance screen', () => {
    const many = Array.from({ length: REPORT_DIVERGENCE_LIMIT + 3 }, (_, i) => divergence(`pay_${i}`));
    many[0] = divergence('pay_<b>');
    const alert = reconciliationReportAlert(run({ divergences_new: many.length, note: 'Limite <atingido>' }), many);
    // One alert per run: a retried run raises the same id.
    expect(alert.id).toBe('conciliacao#2026-03-10T06:00:00.000Z');
    expect(alert.userId).toBeNull();
    const { html } = adminAlertEmail('https://app.example.com', { ...alert, created_at: '2026-03-10T06:01:00.000Z' });
    expect(html).toContain('Pagamentos lidos no Asaas: 10.050');
    expect(html).toContain('pay_&#60;b&#62;');
    expect(html).not.toContain('pay_<b>');
    expect(html).toContain('Limite &#60;atingido&#62;');
    expect(html).toContain('Aqui: Pago. No Asaas: Vencido.');
    expect(html).toContain(`pagamento pay_${REPORT_DIVERGENCE_LIMIT - 1}:`);
    expect(html).not.toContain(`pagamento pay_${REPORT_DIVERGENCE_LIMIT}:`);
    expect(html).toContain('E mais 3 divergências no painel.');
    expect(html).toContain('href="https://app.example.com/admin/financeiro#divergencias"');
    expect(html).toContain('equipe administrativa');
  });
});
