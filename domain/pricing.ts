/**
 * Prices and money (spec 01 §9, spec 02 §9), in reais, as the provider's API takes them. The windows and business days
 * are in deadlines.ts.
 */
export const CONTRACT_PRICE = 399;
export const BONUS_VALUE = 250;
export const REFERRAL_DISCOUNT_PER_FRIEND = 79.8;
export const REFERRALS_PER_FREE_RENEWAL = 5;
export const FREE_RENEWAL_PAYMENT_METHOD = 'gratuito';
/** The payment method of every other contract (spec 02 §2: always displayed as PIX). */
export const PIX_PAYMENT_METHOD = 'pix';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** 399 → "R$ 399,00" (with a normal space, so tests and copy compare predictably). */
export function formatBRL(value: number): string {
  return brl.format(value).replace(/\u00a0/g, ' ');
}
