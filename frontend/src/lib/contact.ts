import { phoneLink, whatsappLink as whatsappLinkOf } from '@domain/company.js';
import { COMPANY } from './company';

/** Support channels, from the stage's company identity (domain/company.ts). */
export const SUPPORT_CONTACT = {
  whatsappDisplay: COMPANY.whatsappDisplay,
  whatsappNumber: COMPANY.whatsappNumber,
  phoneDisplay: COMPANY.phoneDisplay,
  phoneHref: phoneLink(COMPANY),
  email: COMPANY.supportEmail,
} as const;

export const whatsappLink = (): string => whatsappLinkOf(COMPANY);
