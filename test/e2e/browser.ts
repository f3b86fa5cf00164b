import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../lib/paths.js';
import { expect, inject } from 'vitest';
import { totpCode } from '../totp.js';

export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;
const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

/** Debian's Chromium, never a downloaded browser; flags keep it off this machine's closed network. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
};

/**
 * The browser tests' Chromium: Debian's headless shell (`chromium-headless-shell`, the same Blink and V8 without the
 * full browser's window and UI layers, as Playwright's own headless runs use) where it is installed. Two browser test
 * files took 93 s of CPU with the full browser and 69 s with the shell; on two cores, CPU is the suite's time. The
 * benches keep the full browser (`launchChromium`): their figures are what a person's Chrome does.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const E2E_CHROMIUM_OPTIONS = {
  ...CHROMIUM_OPTIONS,
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
};

/** A browser of its own (benchmarks, scripts). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/**
 * The e2e run's one browser (started by global-setup.ts), connected to once per worker: the first page a test file asks
 * for connects, and the connection closes when the worker is done (browser-fixture.ts, the project's setup file). A
 * worker's contexts are its own and closing its connection closes them, so files stay isolated without a browser
 * start each. The files share one worker (the project runs without isolation), each with its own connection.
 */
let workerBrowser: Promise<Browser> | undefined;
export function browser(): Promise<Browser> {
  workerBrowser ??= chromium.connect(inject('e2e').browserEndpoint);
  return workerBrowser;
}

/** Contexts opened during the running test (closed after it), and those kept for the whole file. */
const testContexts = new Set<BrowserContext>();
let inTest = false;

/**
 * What the site's Content-Security-Policy refused (lib/content-security-policy.ts, which the local site server sends as
 * CloudFront does) on any of the site's pages since the last test ended: each test fails on its own.
 */
const policyViolations: string[] = [];

/** browser-fixture.ts: what a test opened is closed after it, so a long file does not pile up Chromium contexts. */
export const browserFixture = {
  /** A file's start, for its inbox reads (`emailsTo`): files share one worker, and its module state. */
  beforeAll: () => void (fileStartedS = Math.floor(Date.now() / 1000) - 60),
  beforeEach: () => void (inTest = true),
  afterEach: async () => {
    inTest = false;
    const open = [...testContexts];
    testContexts.clear();
    await Promise.all(open.map((context) => context.close().catch(() => undefined)));
    const refused = policyViolations.splice(0);
    if (refused.length > 0) {
      throw new Error(`The site's Content-Security-Policy refused what a page did:\n${refused.join('\n')}`);
    }
  },
  afterAll: async () => {
    const connecting = workerBrowser;
    workerBrowser = undefined;
    await (await connecting)?.close();
  },
};

/**
 * A fresh context, as another browser or device would be (no storage, no session), pt-BR in São Paulo. Closed after
 * the test that opened it, unless `keepForFile` (a page a describe block's later tests go on with).
 */
export async function newContext(
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: { keepForFile?: boolean; javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await (
    await browser()
  ).newContext({
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (inTest && !options.keepForFile) testContexts.add(context);
  await watchPolicyViolations(context);
  return context;
}

/** Reports every `securitypolicyviolation` of the site's own pages (not the stand-ins' pages) to `policyViolations`. */
async function watchPolicyViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('reportPolicyViolation', (_source, violation: string) => {
    policyViolations.push(violation);
  });
  // A script's text: these tests are typed without the DOM's names.
  await context.addInitScript(`
    if (location.origin === ${JSON.stringify(new URL(inject('e2e').appUrl).origin)}) {
      document.addEventListener('securitypolicyviolation', (event) => {
        window.reportPolicyViolation(
          location.pathname + ': ' + event.effectiveDirective + ' refused ' + event.blockedURI +
            ' (' + event.sourceFile + ':' + event.lineNumber + ')',
        );
      });
    }
  `);
}

/**
 * Saves a full-page screenshot in test-results/screenshots when E2E_SCREENSHOTS=1 (`npm run test:e2e:screenshots`), for
 * a person to look at each screen on a phone and a desktop. Skipped otherwise: a full page costs Chromium 0.5–5 s of
 * CPU to capture and encode, and `npm test` asserts on the page itself, never on the image.
 */
export async function screenshot(page: Page, name: string, part?: Locator): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A part of a long page (the footer) on its own, where a full page would shrink it out of sight.
  if (part) await part.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  else await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * The message said under a field: the input labelled `label` is marked invalid and names the message's element in its
 * aria-describedby, so a screen reader reads it with the field.
 */
export async function fieldError(page: Page, label: string | RegExp, message: string): Promise<void> {
  const field = typeof label === 'string' ? page.getByLabel(label, { exact: true }) : page.getByLabel(label);
  const described = async () => {
    if ((await field.getAttribute('aria-invalid')) !== 'true') return [];
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
    return Promise.all(ids.map(async (id) => (await page.locator(`[id="${id}"]`).textContent())?.trim()));
  };
  await expect.poll(described).toContain(message);
}

/** The paths of every script the page has downloaded so far (its resource timing entries, modulepreloads included). */
export function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
}

/** Reads the math security check's question ("Quanto é 3 + 5?") and types the answer. */
export async function solveSecurityCheck(page: Page): Promise<void> {
  const label = page.getByText(/Quanto é \d \+ \d\?/).first();
  const text = (await label.textContent()) ?? '';
  const [, a, b] = /(\d) \+ (\d)/.exec(text) ?? [];
  if (!a || !b) throw new Error(`security check not found: ${text}`);
  await page.getByLabel(/Quanto é \d \+ \d\?/).fill(String(Number(a) + Number(b)));
}

export type StoredEmail = {
  destination?: { to?: string[] };
  subject?: string;
  body?: { html?: string; text?: string };
};

/** A page in a fresh context: no storage, no session, like another browser or device (see newContext). */
export async function newPage(
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: { keepForFile?: boolean; javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  return (await newContext(viewport, options)).newPage();
}

/**
 * Opens a prerendered public page and waits until its entry has run (`<html data-hydrated>`): from then on its islands
 * answer (a search sent before the lookup's code arrives is held and sent once it is live); before, a form would submit
 * natively, as it would for a person who clicks during the first second.
 */
export async function openPublicPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * When this test file began (set by browser-fixture.ts for each file), less a minute for a slow start. The local inbox
 * keeps every e-mail of the run, attachments included: read whole at every poll, it cost more CPU the longer the run
 * went, on both sides. A file reads only what its own tests made the product send.
 */
let fileStartedS = Math.floor(Date.now() / 1000) - 60;

/** Every e-mail the product sent to an address since this file began, oldest first, from the local SES inbox. */
export async function emailsTo(sesUrl: string, to: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${sesUrl}/store?since=${fileStartedS}`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => (e.destination?.to ?? []).some((address) => address.includes(to)));
}

/** The `nth` e-mail (1-based) with this subject to this address: later ones must not be mistaken for earlier ones. */
export async function emailWithSubject(sesUrl: string, to: string, subject: string, nth = 1): Promise<StoredEmail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const matching = (await emailsTo(sesUrl, to)).filter((e) => e.subject === subject);
    if (matching.length >= nth) return matching[nth - 1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail '${subject}' #${nth} to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The toast region holds one toast at a time (spec 01 §9); waits for the given text in it. */
export async function toastWith(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /Notificações/ })
    .getByText(text, { exact: true })
    .first()
    .waitFor();
}

/** Closes the visible toast, so the next one with the same text is known to be new. */
export async function dismissToast(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /Notificações/ })
    .getByRole('button')
    .first()
    .click();
}

/** Fills the login form of /auth (already open) and submits it. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await solveSecurityCheck(page);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** An admin's sign-in: the password form, then the authenticator code Cognito asks for. */
export async function logInAsAdmin(
  page: Page,
  admin: { email: string; password: string; totpSecret: string },
): Promise<void> {
  await logIn(page, admin.email, admin.password);
  const code = page.getByLabel('Código do autenticador');
  await code.waitFor();
  await code.fill(totpCode(admin.totpSecret));
  await page.getByRole('button', { name: 'Confirmar código' }).click();
}

/** The newest e-mail the product sent to an address, read from the local SES inbox. */
export async function latestEmailTo(sesUrl: string, to: string, timeoutMs = 10_000): Promise<StoredEmail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = await emailsTo(sesUrl, to);
    if (mine.length > 0) return mine[mine.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in the local inbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function firstLinkIn(html: string): string {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('no link in e-mail');
  // As a mail client reads the attribute: the e-mails escape every value (lambdas/shared/email-layout.ts).
  return href
    .replaceAll('&amp;', '&')
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
}

/** Fills and submits the sign-up form of /auth?mode=register. */
export async function signUp(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${appUrl}/auth?mode=register`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await solveSecurityCheck(page);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
}

/** Signs up and confirms the account through the link of the local inbox, as a customer would. */
export async function signUpAndConfirm(
  page: Page,
  urls: { appUrl: string; sesUrl: string },
  email: string,
  password: string,
): Promise<void> {
  await signUp(page, urls.appUrl, email, password);
  await page.getByRole('heading', { name: 'Confira seu e-mail' }).waitFor();
  await page.goto(firstLinkIn((await emailWithSubject(urls.sesUrl, email, 'Confirme seu cadastro')).body!.html!));
  await toastWith(page, 'Email confirmado');
}

/** Signs up, confirms through the local inbox's link, and logs in: the customer lands on /app/dashboard. */
export async function signUpAndLogIn(
  page: Page,
  urls: { appUrl: string; sesUrl: string },
  email: string,
  password: string,
): Promise<void> {
  await signUpAndConfirm(page, urls, email, password);
  await logIn(page, email, password);
  await page.waitForURL(`${urls.appUrl}/app/dashboard`);
}

/** What a customer types in /app/perfil: digits only, as the masks format them; the address comes from the CEP. */
export type ProfileEntry = {
  name: string;
  cpf: string;
  whatsapp: string;
  cep: string;
  number: string;
  /** Typed over what the CEP filled in (a CEP of a whole city fills in none). */
  street?: string;
  neighbourhood?: string;
};

/** Fills the profile form (already open) as a person types, waiting for the CEP's address; does not save it. */
export async function fillProfile(page: Page, entry: ProfileEntry): Promise<void> {
  await page.getByLabel('Nome completo').fill(entry.name);
  await page.getByLabel('CPF', { exact: true }).pressSequentially(entry.cpf);
  await page.getByLabel('WhatsApp').pressSequentially(entry.whatsapp);
  await page.getByLabel('CEP').pressSequentially(entry.cep);
  await page.getByText('Buscando endereço...').waitFor({ state: 'hidden' });
  if (entry.street !== undefined) await page.getByLabel('Endereço').fill(entry.street);
  await page.getByLabel('Número').fill(entry.number);
  if (entry.neighbourhood !== undefined) await page.getByLabel('Bairro').fill(entry.neighbourhood);
}

/**
 * Signs the contract open on /app/contrato — ticks 'Li e concordo com os termos do contrato', then the button — and
 * waits for the toast that answers it when one is given.
 */
export async function signContract(page: Page, toast?: string): Promise<void> {
  // A person taps the words: Amplify's box draws over a visually hidden input.
  await page.getByText('Li e concordo com os termos do contrato', { exact: true }).click();
  await page.getByRole('button', { name: 'Assinar Contrato Digitalmente' }).click();
  if (toast) await toastWith(page, toast);
}

/**
 * A new customer as the journey makes one: signed up, confirmed, logged in, profile saved (CPF generated, address from
 * the CEP stand-in) and the contract created with it signed. Leaves the page on /app/pagamento.
 */
export async function customerWithSignedContract(
  page: Page,
  urls: { appUrl: string; sesUrl: string },
  customer: { email: string; password: string; name: string; cpf: string; whatsapp: string; cep: string },
): Promise<void> {
  const { appUrl } = urls;
  await signUpAndLogIn(page, urls, customer.email, customer.password);
  await page.goto(`${appUrl}/app/perfil`);
  await fillProfile(page, { ...customer, number: '100' });
  await page.getByRole('button', { name: 'Salvar Perfil' }).click();
  await page.waitForURL(`${appUrl}/app/contrato`);
  await signContract(page);
  await page.waitForURL(`${appUrl}/app/pagamento`);
}
