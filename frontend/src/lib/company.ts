import type { CompanyIdentity } from '@domain/company.js';

/**
 * The provider's identity this build was made with (frontend/vite.config.ts defines it from the stage's configuration,
 * lib/company-config.ts): the public pages are prerendered with it, so it is fixed at build time, not read from
 * config.json. Validated by the build, which parsed it with the domain schema before handing it over.
 */
export const COMPANY = JSON.parse(import.meta.env.VITE_COMPANY_IDENTITY as string) as CompanyIdentity;
