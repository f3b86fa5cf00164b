import { addBusinessDays } from '@brazilian-utils/brazilian-utils';
import { PROCESSING_BUSINESS_DAYS } from './pricing.js';

/**
 * When the petition is expected to be filed: 7 business days after the payment (spec 02 §9), skipping weekends,
 * national holidays and those of Minas Gerais — the court is in São Lourenço/MG.
 */
export function filingForecast(paidAt: Date): Date {
  const forecast = addBusinessDays(paidAt, PROCESSING_BUSINESS_DAYS, { stateCode: 'MG' });
  if (!forecast) throw new RangeError(`No filing forecast for ${paidAt.toISOString()}`);
  return forecast;
}
