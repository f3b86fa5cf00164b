import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { createAccount } from './asaas-simulator/account.js';
import { createApi } from './asaas-simulator/api.js';
import { createInvoices } from './asaas-simulator/invoices.js';
import { createCards } from './asaas-simulator/cards.js';
import { handleControl } from './asaas-simulator/control.js';
import { decode, saoPaulo, type Reply } from './asaas-simulator/objects.js';
import { errorPage, invoicePage, listPage } from './asaas-simulator/pages.js';
import { DEFAULT_RETRY_SCHEDULE_MS, WebhookQueue } from './asaas-simulator/webhook-queue.js';

const MAX_BODY_BYTES = 1_000_000;

/**
 * A stand-in for Asaas's SANDBOX API (PIX charges only) that speaks its real shapes: `access_token` header, creations
 * answered with 200, `{ errors: [{ code, description }] }` with 400, the payment object as Asaas returns it, a dynamic
 * PIX BR Code with its QR image, and webhooks delivered with Asaas's envelope and queue semantics (only 200 counts; the
 * same event, same id, retried on a compressed copy of Asaas's schedule; a failing event blocks the ones behind it;
 * the queue pauses after 15 consecutive failures). State lives in memory.
 *
 *   /v3/invoices…  Asaas's notas fiscais (asaas-simulator/invoices.ts): schedule, read, list, rewrite, issue, cancel, each
 *                  step an INVOICE_* webhook; /nf/<id> its DANFSE; switches under /__control/invoices
 *   /v3/…          Asaas's API (customers and their removal, payments, pixQrCode, refund, sandbox confirm); lists
 *                  page with offset/limit (≤ 100) and filter payments by status, reference, customer and date ranges
 *                  (dateCreated, paymentDate…)
 *   /              a pt-BR page listing the payments, with a 'Pagar' button each
 *   /i/<id>        the payment's page (its invoiceUrl): QR code, copia e cola, 'Pagar'
 *   /__control/…   switches for tests and people (not Asaas's API): pay, overdue, refund, chargeback, a refund denied
 *                  after it was accepted, a removed payment restored, a payment held for risk analysis or received
 *                  days ago (`…/age {days}`: a refund past 90 days is refused), the account's balance (a refund the
 *                  balance cannot pay is refused), any status with its event (`…/status {status, event}`), failing or duplicated or
 *                  held webhooks, a failing or slow API, what was delivered, payments imported in bulk, reset
 */
export type AsaasSimulatorOptions = {
  /** 0 = any free port (the real one is in the answer's url). */
  port: number;
  /** The expected `access_token` header; anything else → 401. */
  apiKey: string;
  /** Where to deliver webhooks, with header `asaas-access-token: <token>`; null = events are kept, never sent. */
  webhook: { url: string; token: string } | null;
  /**
   * Delay before each attempt of the event at the head of the queue, in ms: entry k is waited before attempt k + 1
   * (the last entry repeats). Default: Asaas's schedule (immediately, 30 s, 1 min, 3.5 min, 5 min, 15 min, 25 min,
   * 1 h ×5, 2 h ×2, 3 h) divided by 60.
   */
  retryScheduleMs?: number[];
  log?: (line: string) => void;
  /**
   * The account holder's name, as the payer's bank shows it for every PIX code (the company identity's `pixPayeeName`).
   * @default EXAMPLE_COMPANY.pixPayeeName
   */
  accountHolderName?: string;
};

export type AsaasSimulator = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** url + '/v3': the client's base URL. */
  apiUrl: string;
  stop(): Promise<void>;
};

export { DEFAULT_RETRY_SCHEDULE_MS, MAX_CONSECUTIVE_FAILURES } from './asaas-simulator/webhook-queue.js';

/**
 * The simulator's server: its parts are in ./asaas-simulator/ (objects, account, api, br-code, webhook-queue, control,
 * pages); this file routes a request to the one it belongs to.
 */
export async function startAsaasSimulator(o: AsaasSimulatorOptions): Promise<AsaasSimulator> {
  const log = o.log ?? (() => {});
  const schedule = o.retryScheduleMs?.length ? o.retryScheduleMs : DEFAULT_RETRY_SCHEDULE_MS;
  const webhooks = new WebhookQueue(o.webhook, schedule, log);
  const account = createAccount(webhooks, log, o.accountHolderName ?? EXAMPLE_COMPANY.pixPayeeName);
  let baseUrl = '';
  const invoices = createInvoices({
    payments: account.payments,
    emit: (event, invoice, now) => webhooks.emitInvoice(event, invoice, now),
    baseUrl: () => baseUrl,
    log,
  });
  const cards = createCards(account, webhooks, log);
  const api = createApi(account, o.apiKey, log, cards, invoices.serveApi);
  const simulated = { account, api, webhooks, log, cards };

  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => {
      log(`asaas-simulator: ${request.method} ${request.url} failed: ${String(error)}`);
      if (!response.headersSent) sendJson(response, { status: 500, body: { error: 'internal simulator error' } });
      else response.destroy();
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    if (raw === undefined) return sendJson(response, { status: 413, body: { error: 'body too large' } });

    if (url.pathname === '/v3' || url.pathname.startsWith('/v3/')) {
      return sendJson(response, await api.serve(request, url, raw));
    }

    if (url.pathname.startsWith('/__control/')) {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      let body: Record<string, unknown> = {};
      let redirect = '/';
      if (isForm) {
        const form = new URLSearchParams(raw);
        const target = form.get('redirect') ?? '/';
        redirect = target.startsWith('/') && !target.startsWith('//') ? target : '/';
        // The page's 'Definir saldo': reais as a person types them ('1.000,50' or '1000.50'); empty = unlimited.
        const value = form.get('value');
        if (value !== null) {
          const text = value.trim();
          const normalized = text.includes(',') ? text.replaceAll('.', '').replace(',', '.') : text;
          body = { value: text === '' ? null : Number(normalized) };
        }
      } else if (raw.trim()) {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          body = parsed as Record<string, unknown>;
        } catch {
          return sendJson(response, { status: 400, body: { error: 'the body must be a JSON object' } });
        }
      }
      const reply =
        invoices.serveControl(method, url.pathname, body) ?? handleControl(simulated, method, url.pathname, body);
      if (reply.status === 200 && url.pathname === '/__control/reset') invoices.reset();
      if (!isForm) return sendJson(response, reply);
      if (reply.status === 200) {
        response.writeHead(303, { location: redirect, 'content-length': 0 });
        return void response.end();
      }
      const errors = (reply.body as { errors?: { description?: string }[] } | undefined)?.errors;
      return sendHtml(response, reply.status, errorPage(errors?.[0]?.description ?? 'Ação não permitida.', redirect));
    }

    if (method === 'GET' && url.pathname === '/') {
      return sendHtml(response, 200, listPage(account, webhooks).replace('</main>', `${invoices.section('/')}</main>`));
    }
    const nota = method === 'GET' ? /^\/nf\/([^/]+)$/.exec(url.pathname) : null;
    if (nota) {
      const html = invoices.document(decode(nota[1]));
      return html
        ? sendHtml(response, 200, html)
        : sendHtml(response, 404, errorPage('Nota fiscal não encontrada.', '/'));
    }
    const invoice = method === 'GET' ? /^\/i\/([^/]+)$/.exec(url.pathname) : null;
    if (invoice) {
      const payment = account.payments.get(decode(invoice[1]));
      if (!payment) return sendHtml(response, 404, errorPage('Cobrança não encontrada.', '/'));
      payment.lastInvoiceViewedDate = saoPaulo(new Date()).dateTime;
      return sendHtml(response, 200, await invoicePage(account, payment, cards));
    }
    const boleto = method === 'GET' ? /^\/b\/([^/]+)\.pdf$/.exec(url.pathname) : null;
    const slip = boleto ? account.payments.get(decode(boleto[1])) : undefined;
    if (slip?.billingType === 'BOLETO') {
      const pdf = cards.boletoPdf(slip);
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
      return void response.end(pdf);
    }
    sendJson(response, { status: 404 });
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(o.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  account.setBaseUrl(baseUrl);

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/v3`,
    async stop() {
      await webhooks.stop();
      api.stop();
      invoices.stop();
      await new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      });
    },
  };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolveBody(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, reply: Reply): void {
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  response.writeHead(reply.status, {
    ...(text ? { 'content-type': 'application/json;charset=UTF-8' } : {}),
    'content-length': Buffer.byteLength(text),
    ...reply.headers,
  });
  response.end(text);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'self'",
    'cache-control': 'no-store',
  });
  response.end(html);
}
