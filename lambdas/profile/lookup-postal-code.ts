import { lookupPostalCodeRoute } from '../../domain/api/postal-codes.js';
import { PostalCodeUnavailableError } from '../providers/postal-code.js';
import { postalCodeFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { logger } from '../shared/logger.js';

const lookup = postalCodeFromEnvironment();

/** CEP autofill: fails soft, so the form always stays usable (the customer types the address instead). */
export const handler = apiHandler(lookupPostalCodeRoute, async ({ params }) => {
  try {
    const address = await lookup(params.cep);
    return { body: { found: address !== null, unavailable: false, address } };
  } catch (error) {
    if (!(error instanceof PostalCodeUnavailableError)) throw error;
    logger.warn('Postal-code service unavailable', { error: error.message });
    return { body: { found: false, unavailable: true, address: null } };
  }
});
