import { EXAMPLE_FISCAL_SETTINGS, type FiscalSettings } from './invoice.js';

/**
 * The service provider's identity and contact channels, as one stage's configuration holds them (docs/decisions.md,
 * One company identity): the footer, the contract, the legal pages, the e-mails, the Nada Consta and the payment screen
 * read it from there, never from a constant. The values are configuration, not code: the SPA receives them at build
 * time (its public pages are prerendered), the functions at run time (`COMPANY_IDENTITY`). The schema lives in
 * domain/schemas/company.ts, apart, so the landing page does not download zod.
 */
export type ResponsibleLawyer = {
  readonly name: string;
  /** As printed on the card, with the section: 'OAB/MG 123.456'. */
  readonly oab: string;
};

export type CompanyIdentity = {
  /** The name people know (headers, titles, e-mail sender line). */
  readonly brand: string;
  /** Razão social, as registered at the Receita Federal. */
  readonly legalName: string;
  /** Formatted: 12.345.678/0001-90 (or the alphanumeric form). */
  readonly cnpj: string;
  /** Registered address, one line. */
  readonly address: string;
  /** Where disputes are heard (spec 02 §9). */
  readonly jurisdiction: string;
  /** The lawyers who answer for the petitions, at least one. */
  readonly lawyers: readonly ResponsibleLawyer[];
  readonly supportEmail: string;
  readonly whatsappDisplay: string;
  /** Digits with the country code, as wa.me expects. */
  readonly whatsappNumber: string;
  readonly phoneDisplay: string;
  /** Digits with the country code, for tel: links. */
  readonly phoneNumber: string;
  /**
   * The payee name a payer's bank shows for our PIX codes: the Asaas account holder's name as Asaas registered it (the
   * BR Code's merchant name). Usually the razão social, sometimes shortened or in capitals.
   */
  readonly pixPayeeName: string;
  /**
   * What every nota fiscal says (municipal service, ISS, description): beside the identity in the stage's file, read
   * only by the functions that schedule notas (docs/decisions.md, A nota fiscal for every payment).
   */
  readonly fiscal?: FiscalSettings;
};

/**
 * EXAMPLE VALUES, NOT THE COMPANY'S: what `npm start`, the tests and the `dev` stage run with. Any other stage refuses
 * to synthesize while one of the fields `placeholderFields` checks still holds its example value.
 */
export const EXAMPLE_COMPANY: CompanyIdentity = {
  brand: 'Limpa Nome',
  legalName: 'Limpa Nome Intermediação e Consultoria Ltda.',
  cnpj: '00.000.000/0001-00',
  address: 'Rua Dr. Olavo Gomes Pinto, 100, Centro, São Lourenço/MG, CEP 37470-000',
  jurisdiction: 'São Lourenço/MG',
  lawyers: [{ name: 'Dra. Ana Exemplo de Souza', oab: 'OAB/MG 000.000' }],
  supportEmail: 'suporte@example.com',
  whatsappDisplay: '(35) 90000-0000',
  whatsappNumber: '5535900000000',
  phoneDisplay: '(35) 3000-0000',
  phoneNumber: '553530000000',
  pixPayeeName: 'Limpa Nome Intermediação e Consultoria Ltda.',
  fiscal: EXAMPLE_FISCAL_SETTINGS,
};

/**
 * The fields a real deployment must set: the brand and the forum are the product's own (the spec names the forum), the
 * rest identifies the company and can only be an example until someone types the registered data.
 */
const REQUIRED_REAL_FIELDS = [
  'legalName',
  'cnpj',
  'address',
  'lawyers',
  'supportEmail',
  'whatsappNumber',
  'phoneNumber',
  'pixPayeeName',
] as const satisfies readonly (keyof CompanyIdentity)[];

/** The fields of `identity` still holding an example value (by value, so a copied example file is caught too). */
export function placeholderFields(identity: CompanyIdentity): (keyof CompanyIdentity)[] {
  const examples = new Set([
    ...Object.values(EXAMPLE_COMPANY).filter((value): value is string => typeof value === 'string'),
    ...EXAMPLE_COMPANY.lawyers.flatMap((lawyer) => [lawyer.name, lawyer.oab]),
  ]);
  const isExample = (value: string) => examples.has(value) || /(^|[@.])example\.(com|org|net)$/i.test(value);
  const fields: (keyof CompanyIdentity)[] = REQUIRED_REAL_FIELDS.filter((field) => {
    const value = identity[field];
    if (typeof value === 'string') return isExample(value);
    return value.length === 0 || value.some((lawyer) => isExample(lawyer.name) || isExample(lawyer.oab));
  });
  // Every nota fiscal is issued with these: a real stage states its own, whatever the values (they may match the
  // examples, as the examples are advocacia's real code and the legal maximum ISS).
  if (!identity.fiscal) fields.push('fiscal');
  return fields;
}

export function whatsappLink(identity: Pick<CompanyIdentity, 'whatsappNumber'>): string {
  return `https://wa.me/${identity.whatsappNumber}`;
}

export function phoneLink(identity: Pick<CompanyIdentity, 'phoneNumber'>): string {
  return `tel:+${identity.phoneNumber}`;
}

/** 'Dra. Ana Souza (OAB/MG 123.456) e Dr. João Lima (OAB/SP 654.321)'. */
export function lawyersLine(identity: Pick<CompanyIdentity, 'lawyers'>): string {
  const names = identity.lawyers.map((lawyer) => `${lawyer.name} (${lawyer.oab})`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/** 'Limpa Nome Intermediação e Consultoria Ltda. — CNPJ 12.345.678/0001-90'. */
export function legalIdentityLine(identity: Pick<CompanyIdentity, 'legalName' | 'cnpj'>): string {
  return `${identity.legalName} — CNPJ ${identity.cnpj}`;
}

/** Whether the bank will show a payee name that differs from the razão social (then the screen names both). */
export function payeeNameDiffers(identity: Pick<CompanyIdentity, 'legalName' | 'pixPayeeName'>): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
  return plain(identity.legalName) !== plain(identity.pixPayeeName);
}
