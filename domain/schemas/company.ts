import * as z from 'zod';
import type { CompanyIdentity } from '../company.js';
import { fiscalSettingsSchema } from './invoice.js';

const text = (max: number) => z.string().trim().min(1).max(max);
const internationalDigits = z.string().regex(/^55\d{10,11}$/, 'dígitos com o código do país: 55 + DDD + número');

/**
 * A stage's company identity (domain/company.ts), as its configuration file, CDK, the site build and the functions'
 * `COMPANY_IDENTITY` read it. Shapes only: whether a value is still an example is `placeholderFields`' question, as
 * `dev` runs on examples on purpose.
 */
export const companyIdentitySchema = z.strictObject({
  brand: text(40),
  legalName: text(150),
  cnpj: z.string().regex(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/, 'formato 00.000.000/0000-00'),
  address: text(200),
  jurisdiction: text(80),
  lawyers: z
    .array(
      z.strictObject({ name: text(120), oab: z.string().regex(/^OAB\/[A-Z]{2} [\d.]{1,9}[A-Z]?$/, 'OAB/UF 123.456') }),
    )
    .min(1)
    .max(5),
  supportEmail: z.email(),
  whatsappDisplay: text(30),
  whatsappNumber: internationalDigits,
  phoneDisplay: text(30),
  phoneNumber: internationalDigits,
  /** A BR Code's merchant name holds 25 characters; Asaas may show a longer one on its receipts. */
  pixPayeeName: text(150),
  /** The notas fiscais' settings (domain/invoice.ts); a stage without them runs on the examples, as `dev` may. */
  fiscal: fiscalSettingsSchema.optional(),
}) satisfies z.ZodType<CompanyIdentity>;

/** A JSON text (a file, an environment variable) as an identity; a bad one names every wrong field. */
export function parseCompanyIdentity(json: string, source: string): CompanyIdentity {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${source}: not valid JSON`);
  }
  const result = companyIdentitySchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`${source}: invalid company identity — ${problems.join('; ')}`);
  }
  return result.data;
}
