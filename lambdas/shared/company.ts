import type { CompanyIdentity } from '../../domain/company.js';
import { parseCompanyIdentity } from '../../domain/schemas/company.js';
import { loadConfig, required } from './config.js';

let cached: CompanyIdentity | undefined;

/**
 * The provider's identity (`email` and `appLinks` grants: `COMPANY_IDENTITY`), parsed on first use and kept for the
 * container's life: every e-mail's layout, the contract's text and the Nada Consta read it. A missing or malformed
 * value fails the first e-mail loudly rather than sending one with no company in it.
 */
export function companyIdentity(): CompanyIdentity {
  cached ??= parseCompanyIdentity(loadConfig({ company: required }).company, 'COMPANY_IDENTITY');
  return cached;
}
