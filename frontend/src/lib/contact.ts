import { SERVICE_PROVIDER } from '@domain/company.js';

/** Support channels, from the provider's one configuration place (domain/company.ts). */
export const SUPPORT_CONTACT = {
  whatsappDisplay: SERVICE_PROVIDER.whatsappDisplay,
  whatsappNumber: SERVICE_PROVIDER.whatsappNumber,
  email: SERVICE_PROVIDER.email,
} as const;

export { whatsappLink } from '@domain/company.js';
