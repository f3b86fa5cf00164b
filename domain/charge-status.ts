/** Charge statuses are the payment provider's (Asaas) values, matched case-insensitively. */
export const CHARGE_STATUSES = ['PENDING', 'RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH', 'OVERDUE', 'REFUNDED'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * The one place a provider's status text becomes ours: trimmed and upper-cased, so 'received' and 'RECEIVED ' are the
 * same status everywhere after the edge (webhook, verification, charge creation).
 */
export function normalizeChargeStatus(status: string): string {
  return status.trim().toUpperCase();
}

const PAID_STATUSES = new Set(['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']);

export function isChargePaid(status: string): boolean {
  return PAID_STATUSES.has(status.toUpperCase());
}

export const CHARGE_STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendente',
  RECEIVED: 'Pago',
  CONFIRMED: 'Pago',
  RECEIVED_IN_CASH: 'Pago',
  OVERDUE: 'Vencido',
  REFUNDED: 'Reembolsado',
};

export function chargeStatusLabel(status: string): string {
  return CHARGE_STATUS_LABELS[status.toUpperCase()] ?? status;
}

/** 'Marcar pago' is refused when the charge is already CONFIRMED or RECEIVED (spec 02 §4). */
export function canMarkChargePaid(status: string): boolean {
  const s = status.toUpperCase();
  return s !== 'CONFIRMED' && s !== 'RECEIVED';
}
