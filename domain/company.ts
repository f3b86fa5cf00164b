/**
 * The service provider's identity and contact channels: the one place the contract, the e-mails, the support card and
 * the legal pages read them from. PLACEHOLDER values (the spec does not give them): replace these, and only these,
 * with the company's registered data before going live.
 */
export const SERVICE_PROVIDER = {
  brand: 'Limpa Nome',
  legalName: 'Limpa Nome Intermediação e Consultoria Ltda.',
  cnpj: '00.000.000/0001-00',
  address: 'Rua Dr. Olavo Gomes Pinto, 100, Centro, São Lourenço/MG, CEP 37470-000',
  email: 'suporte@example.com',
  whatsappDisplay: '(35) 90000-0000',
  /** Digits with the country code, as wa.me expects. */
  whatsappNumber: '5535900000000',
  /** Where disputes are heard (spec 02 §9). */
  jurisdiction: 'São Lourenço/MG',
} as const;

export function whatsappLink(number: string = SERVICE_PROVIDER.whatsappNumber): string {
  return `https://wa.me/${number}`;
}
