/**
 * PLACEHOLDER support channels: the provider's real WhatsApp number and e-mail are not in the spec.
 * Replace these values (and only these) when the business supplies them.
 */
export const SUPPORT_CONTACT_PLACEHOLDER = {
  whatsappDisplay: '(11) 90000-0000',
  /** Digits with country code, as wa.me expects. */
  whatsappNumber: '5511900000000',
  email: 'suporte@example.com',
} as const;

export function whatsappLink(number: string = SUPPORT_CONTACT_PLACEHOLDER.whatsappNumber): string {
  return `https://wa.me/${number}`;
}
