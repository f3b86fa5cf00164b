/** Business constants (spec 01 §9, spec 02 §9). Money is in reais, as the provider's API takes it. */
export const CONTRACT_PRICE = 399;
export const BONUS_VALUE = 250;
export const REFERRAL_DISCOUNT_PER_FRIEND = 79.8;
export const REFERRALS_PER_FREE_RENEWAL = 5;
export const PROCESSING_BUSINESS_DAYS = 7;
export const CANCELLATION_WINDOW_DAYS = 7;
/**
 * The refund promise of a withdrawal (contract clause 7, /termos, the screens and the e-mail say the same): asked of
 * Asaas the moment the contract is cancelled, back in the PIX's source account within this many business days. A PIX
 * refund usually lands the same day; the margin covers Asaas's balance checks and the banks (docs/decisions.md).
 */
export const REFUND_BUSINESS_DAYS = 7;
export const FREE_RENEWAL_PAYMENT_METHOD = 'gratuito';
/** The payment method of every other contract (spec 02 §2: always displayed as PIX). */
export const PIX_PAYMENT_METHOD = 'pix';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** 399 → "R$ 399,00" (with a normal space, so tests and copy compare predictably). */
export function formatBRL(value: number): string {
  return brl.format(value).replace(/\u00a0/g, ' ');
}

/** Days a PIX charge stays payable (its due date, São Paulo calendar); a later 'Gerar PIX' reuses the same charge. */
export const PIX_DUE_DAYS = 3;
