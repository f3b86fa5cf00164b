import type { AdminChargeRow } from './api/admin-finance.js';
import { chargeStatusLabel, paymentClass } from './charge-status.js';
import { chargeNet } from './finance.js';
import { PAYMENT_METHOD_LABELS } from './payment-methods.js';
import { buildCsv } from './csv.js';
import { formatDateTime } from './dates.js';
import type { DayRange } from './finance-period.js';

/** The columns of 'Exportar CSV', as a Brazilian spreadsheet shows them. */
export const FINANCE_CSV_HEADER = [
  'Protocolo',
  'Cliente',
  'E-mail',
  'WhatsApp',
  'Valor (R$)',
  'Status',
  'Gerada em',
  'Última movimentação',
  'Cobrança no Asaas',
  'Pago em',
  'Forma de pagamento',
  'Taxa Asaas (R$)',
  'Líquido (R$)',
] as const;

/**
 * The filtered list of /admin/financeiro as a CSV file (csv.ts: `;`, BOM, CRLF, formula cells neutralised): one line
 * per charge in the list's order; the value as a number with a decimal comma, dates as dd/mm/aaaa HH:mm in São Paulo,
 * the status in the screen's words. 'Última movimentação' is the date the period filters on; 'Pago em' is when the
 * money first arrived (kept after a refund); 'Forma de pagamento' is the charge's method, paid or not (PIX, Cartão de
 * crédito, Boleto, or Manual for an admin's 'Marcar pago'). 'Taxa Asaas' is what Asaas kept of the payment and
 * 'Líquido' what the charge left (`chargeNet`): both empty for a charge whose money never arrived.
 */
export function financeCsv(rows: readonly AdminChargeRow[]): string {
  return buildCsv(
    FINANCE_CSV_HEADER,
    rows.map((row) => [
      row.protocolo,
      row.nome_cliente,
      row.email_cliente,
      row.whatsapp_cliente,
      row.valor,
      chargeStatusLabel(row.status),
      formatDateTime(row.created_at),
      formatDateTime(row.updated_at),
      row.asaas_id,
      row.paid_at ? formatDateTime(row.paid_at) : null,
      PAYMENT_METHOD_LABELS[row.metodo],
      paymentClass(row.status) === 'unpaid' ? null : (row.taxa_asaas ?? 0),
      chargeNet(row),
    ]),
  );
}

/** `financeiro-2025-11-01-a-2025-11-30.csv`: the period in the name, so two exports never overwrite each other. */
export function financeCsvFileName(range: DayRange): string {
  return `financeiro-${range.from}-a-${range.to}.csv`;
}
