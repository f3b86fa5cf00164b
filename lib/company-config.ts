import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { EXAMPLE_COMPANY, placeholderFields, type CompanyIdentity } from '../domain/company.js';
import { parseCompanyIdentity } from '../domain/schemas/company.js';
import { REPO_ROOT } from './paths.js';

/**
 * Where each stage's company identity is committed: `config/company/<stage>.json` (docs/decisions.md, One company
 * identity). Read by `cdk synth` (the functions' `COMPANY_IDENTITY`, the site build), by `npm run build:web` and by the
 * local runtime; a stage without a file runs on the examples of domain/company.ts, which only `dev` may deploy.
 */
export const COMPANY_CONFIG_DIR = join(REPO_ROOT, 'config/company');

/** What the site build's Vite configuration reads the identity from (JSON), set by whoever starts the build. */
export const COMPANY_IDENTITY_BUILD_ENV = 'BAIXA_COMPANY_IDENTITY';

export type LoadedCompany = { identity: CompanyIdentity; source: string };

/** The stage's identity: `file` when given (`-c companyFile=…`), else its committed file, else the examples. */
export function loadCompanyIdentity(stage: string, file?: string): LoadedCompany {
  const path = file ? (isAbsolute(file) ? file : join(REPO_ROOT, file)) : join(COMPANY_CONFIG_DIR, `${stage}.json`);
  const source = relative(REPO_ROOT, path);
  if (!existsSync(path)) {
    if (file) throw new Error(`-c companyFile=${file}: no such file`);
    return { identity: EXAMPLE_COMPANY, source: 'domain/company.ts (EXAMPLE_COMPANY)' };
  }
  return { identity: parseCompanyIdentity(readFileSync(path, 'utf8'), source), source };
}

/**
 * Only `dev` may run on example values: a customer of any other stage would sign a contract with a placeholder CNPJ and
 * pay a PIX to a name that is not ours. The message names every field still to set and where.
 */
export function assertRealCompany(stage: string, company: LoadedCompany): void {
  if (stage === 'dev') return;
  const fields = placeholderFields(company.identity);
  if (fields.length === 0) return;
  throw new Error(
    `Stage "${stage}" still has example company identity values in ${company.source}: set ${fields.join(', ')} ` +
      `in config/company/${stage}.json (or -c companyFile=<path>) to the company's registered data before synth or deploy.`,
  );
}

/** The identity a site build was given (`BAIXA_COMPANY_IDENTITY`, validated), or the examples when none was. */
export function companyForBuild(env: NodeJS.ProcessEnv = process.env): CompanyIdentity {
  const json = env[COMPANY_IDENTITY_BUILD_ENV];
  return json ? parseCompanyIdentity(json, COMPANY_IDENTITY_BUILD_ENV) : EXAMPLE_COMPANY;
}
