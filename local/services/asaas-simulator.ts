import { randomBytes, randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import QRCode from 'qrcode';
import * as z from 'zod';

/**
 * A stand-in for Asaas's SANDBOX API (PIX charges only) that speaks its real shapes: `access_token` header, creations
 * answered with 200, `{ errors: [{ code, description }] }` with 400, the payment object as Asaas returns it, a dynamic
 * PIX BR Code with its QR image, and webhooks delivered with Asaas's envelope and queue semantics (only 200 counts; the
 * same event, same id, retried on a compressed copy of Asaas's schedule; a failing event blocks the ones behind it;
 * the queue pauses after 15 consecutive failures). State lives in memory.
 *
 *   /v3/…          Asaas's API (customers, payments, pixQrCode, refund, sandbox confirm)
 *   /              a pt-BR page listing the payments, with a 'Pagar' button each
 *   /i/<id>        the payment's page (its invoiceUrl): QR code, copia e cola, 'Pagar'
 *   /__control/…   switches for tests and people (not Asaas's API): pay, overdue, refund, chargeback, any status with
 *                  its event (`…/status {status, event}`), failing or duplicated or
 *                  held webhooks, a failing or slow API, what was delivered, reset
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
};

export type AsaasSimulator = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** url + '/v3': the client's base URL. */
  apiUrl: string;
  stop(): Promise<void>;
};

/** Asaas's webhook retry schedule, one minute compressed to one second. */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  0, 500, 1_000, 3_500, 5_000, 15_000, 25_000, 60_000, 60_000, 60_000, 60_000, 60_000, 120_000, 120_000, 180_000,
];
/** Asaas pauses a webhook queue after this many consecutive failed deliveries. */
export const MAX_CONSECUTIVE_FAILURES = 15;

const TIME_ZONE = 'America/Sao_Paulo';
const PIX_FEE = 1.99;
const MIN_VALUE = 5;
const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_USER_AGENT = 'Asaas_Hmlg/3.0';
const MAX_BODY_BYTES = 1_000_000;
/** The account holder a real Asaas payload names (field 59 and 60 of the BR Code). */
const MERCHANT = { name: 'Baixa Temporaria Local', city: 'Sao Paulo' };

// ---------------------------------------------------------------------------------------------------------------------
// Asaas's objects

type Customer = {
  object: 'customer';
  id: string;
  dateCreated: string;
  name: string;
  email: string | null;
  company: null;
  phone: string | null;
  mobilePhone: string | null;
  address: null;
  addressNumber: null;
  complement: null;
  province: null;
  postalCode: null;
  cpfCnpj: string | null;
  personType: 'FISICA' | 'JURIDICA' | null;
  deleted: false;
  additionalEmails: null;
  externalReference: string | null;
  notificationDisabled: boolean;
  observations: null;
  municipalInscription: null;
  stateInscription: null;
  canDelete: true;
  cannotBeDeletedReason: null;
  canEdit: true;
  cannotEditReason: null;
  city: null;
  cityName: null;
  state: null;
  country: 'Brasil';
};

type Refund = { dateCreated: string; status: 'DONE' | 'PENDING'; value: number; description: string | null };

type Payment = {
  object: 'payment';
  id: string;
  dateCreated: string;
  customer: string;
  subscription: null;
  installment: null;
  paymentLink: null;
  value: number;
  netValue: number;
  originalValue: null;
  interestValue: null;
  description: string | null;
  billingType: 'PIX';
  canBePaidAfterDueDate: true;
  pixTransaction: string | null;
  status: string;
  dueDate: string;
  originalDueDate: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  installmentNumber: null;
  invoiceUrl: string;
  invoiceNumber: string;
  externalReference: string | null;
  deleted: boolean;
  anticipated: false;
  anticipable: false;
  creditDate: string | null;
  estimatedCreditDate: string | null;
  transactionReceiptUrl: null;
  nossoNumero: null;
  bankSlipUrl: null;
  lastInvoiceViewedDate: string | null;
  lastBankSlipViewedDate: null;
  discount: { value: 0; limitDate: null; dueDateLimitDays: 0; type: 'FIXED' };
  fine: { value: 0; type: 'FIXED' };
  interest: { value: 0; type: 'PERCENTAGE' };
  postalService: false;
  custody: null;
  refunds: Refund[] | null;
};

type WebhookEnvelope = { id: string; event: string; dateCreated: string; payment: Payment };

type Delivery = {
  eventId: string;
  event: string;
  paymentId: string;
  /** The receiver's HTTP status, or 'error' (network error, timeout, or a failure forced by `failNext`). */
  status: number | 'error';
  /** ISO instant of the attempt. */
  at: string;
  /** 1-based attempt number of this queue entry. */
  attempt: number;
  error?: string;
  /** The attempt was failed by the `failNext` switch: nothing was sent. */
  simulated?: true;
};

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

// ---------------------------------------------------------------------------------------------------------------------
// Small helpers

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER_ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz';

function randomId(length: number, alphabet: string): string {
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

const saoPauloParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** yyyy-MM-dd and yyyy-MM-dd HH:mm:ss of an instant, São Paulo calendar (Asaas's formats). */
function saoPaulo(instant: Date): { date: string; dateTime: string } {
  const p = Object.fromEntries(saoPauloParts.formatToParts(instant).map((part) => [part.type, part.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return { date, dateTime: `${date} ${p.hour}:${p.minute}:${p.second}` };
}

const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A CPF (11 digits), a numeric CNPJ or an alphanumeric one (14 positions), as Asaas stores it; null if invalid. */
function normalizeCpfCnpj(raw: string): { value: string; personType: 'FISICA' | 'JURIDICA' } | null {
  const value = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(value)) {
    return isValidCpf(value) && !/^(\d)\1{10}$/.test(value) ? { value, personType: 'FISICA' } : null;
  }
  if (value.length === 14 && isValidCnpj(value, { version: 2 })) return { value, personType: 'JURIDICA' };
  return null;
}

const apiError = (code: string, description: string, status = 400): Reply => ({
  status,
  body: { errors: [{ code, description }] },
});

// ---------------------------------------------------------------------------------------------------------------------
// PIX BR Code (EMV TLV), built here because the dynamic form must carry the amount (field 54) as Asaas's does

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** Printable ASCII, accents dropped (the BR Code's character set for names). */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '');

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor), 4 upper-case hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function pixPayload(location: string, amount: number): string {
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', amount.toFixed(2)) +
    tlv('58', 'BR') +
    tlv('59', ascii(MERCHANT.name).slice(0, 25)) +
    tlv('60', ascii(MERCHANT.city).slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

// ---------------------------------------------------------------------------------------------------------------------
// Webhook queue

type QueueEntry = { envelope: WebhookEnvelope; attempts: number };

/**
 * Asaas's webhook queue, one per simulator: FIFO, the head retried on the schedule until it answers 200 (a failing
 * event blocks those behind it), paused after MAX_CONSECUTIVE_FAILURES consecutive failures until `resume()`. The loop
 * never throws; `stop()` cancels its wait and its request in flight.
 */
class WebhookQueue {
  readonly deliveries: Delivery[] = [];
  readonly events: WebhookEnvelope[] = [];
  private queue: QueueEntry[] = [];
  private held: QueueEntry[] = [];
  private paused = false;
  private stopped = false;
  private consecutiveFailures = 0;
  private failNext = 0;
  private duplicateNext = 0;
  private holdNext = 0;
  private eventSequence = 368_604_920;
  /** Bumped by reset: an attempt started before it is forgotten. */
  private generation = 0;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private inFlight: ClientRequest | undefined;

  constructor(
    private readonly webhook: { url: string; token: string } | null,
    private readonly schedule: number[],
    private readonly log: (line: string) => void,
  ) {}

  /** Records an event about `payment` (a snapshot, as it is now) and queues its delivery. */
  emit(event: string, payment: Payment, now: Date): void {
    this.eventSequence += 1;
    const envelope: WebhookEnvelope = {
      id: `evt_${randomBytes(16).toString('hex')}&${this.eventSequence}`,
      event,
      dateCreated: saoPaulo(now).dateTime,
      payment: structuredClone(payment),
    };
    this.events.push(envelope);
    if (!this.webhook) return;
    let copies = 1;
    if (this.duplicateNext > 0) {
      this.duplicateNext -= 1;
      copies = 2;
    }
    const entries = Array.from({ length: copies }, () => ({ envelope, attempts: 0 }));
    if (this.holdNext > 0) {
      this.holdNext -= 1;
      this.held.push(...entries);
      this.log(`asaas-simulator: ${event} ${envelope.id} held`);
      return;
    }
    this.queue.push(...entries);
    this.kick();
  }

  configure(changes: { failNext?: number; duplicateNext?: number; holdNext?: number }): void {
    if (changes.failNext !== undefined) this.failNext = changes.failNext;
    if (changes.duplicateNext !== undefined) this.duplicateNext = changes.duplicateNext;
    if (changes.holdNext !== undefined) this.holdNext = changes.holdNext;
  }

  /** Queues the held events, newest first (they arrive in the reverse order of their creation). */
  release(): number {
    const released = this.held.reverse();
    this.held = [];
    this.queue.push(...released);
    this.kick();
    return released.length;
  }

  resume(): void {
    if (this.paused) this.log('asaas-simulator: webhook queue resumed');
    this.paused = false;
    this.consecutiveFailures = 0;
    if (this.queue[0]) this.queue[0].attempts = 0;
    this.kick();
  }

  state() {
    return {
      url: this.webhook?.url ?? null,
      queued: this.queue.length,
      held: this.held.length,
      paused: this.paused,
      consecutiveFailures: this.consecutiveFailures,
      failNext: this.failNext,
      duplicateNext: this.duplicateNext,
      holdNext: this.holdNext,
    };
  }

  reset(): void {
    this.generation += 1;
    this.queue = [];
    this.held = [];
    this.deliveries.length = 0;
    this.events.length = 0;
    this.paused = false;
    this.consecutiveFailures = 0;
    this.failNext = 0;
    this.duplicateNext = 0;
    this.holdNext = 0;
    this.interrupt();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.generation += 1;
    this.queue = [];
    this.held = [];
    this.interrupt();
    await this.loop;
  }

  private interrupt(): void {
    this.wake?.();
    this.inFlight?.destroy(new Error('simulator reset or stopped'));
  }

  private kick(): void {
    if (this.loop || this.stopped || this.paused || !this.webhook || this.queue.length === 0) return;
    this.loop = this.run()
      .catch((error: unknown) => this.log(`asaas-simulator: webhook loop error: ${String(error)}`))
      .finally(() => {
        this.loop = undefined;
        this.kick();
      });
  }

  private async run(): Promise<void> {
    while (!this.stopped && !this.paused) {
      const head = this.queue[0];
      if (!head) return;
      const generation = this.generation;
      const delay = this.schedule[Math.min(head.attempts, this.schedule.length - 1)] ?? 0;
      if (delay > 0) await this.sleep(delay);
      if (generation !== this.generation || this.stopped || this.paused || this.queue[0] !== head) continue;
      const status = await this.attempt(head);
      if (generation !== this.generation) continue;
      if (status === 200) {
        this.consecutiveFailures = 0;
        const index = this.queue.indexOf(head);
        if (index >= 0) this.queue.splice(index, 1);
        continue;
      }
      this.consecutiveFailures += 1;
      if (this.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        this.paused = true;
        this.log(
          `asaas-simulator: webhook queue paused after ${this.consecutiveFailures} consecutive failures ` +
            `(${this.queue.length} event(s) waiting); POST /__control/webhooks/resume to resume`,
        );
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolveSleep) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolveSleep();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolveSleep();
      };
    });
  }

  private async attempt(entry: QueueEntry): Promise<number | 'error'> {
    entry.attempts += 1;
    const { envelope } = entry;
    const record = (status: number | 'error', extra: Partial<Delivery> = {}) => {
      this.deliveries.push({
        eventId: envelope.id,
        event: envelope.event,
        paymentId: envelope.payment.id,
        status,
        at: new Date().toISOString(),
        attempt: entry.attempts,
        ...extra,
      });
      const detail = extra.error ? ` (${extra.error})` : '';
      this.log(`asaas-simulator: ${envelope.event} ${envelope.id} attempt ${entry.attempts} → ${status}${detail}`);
    };
    if (this.failNext > 0) {
      this.failNext -= 1;
      record('error', { error: 'failNext: not sent', simulated: true });
      return 'error';
    }
    try {
      const { status, error } = await this.post(JSON.stringify(envelope));
      record(status, error ? { error } : {});
      return status;
    } catch (error) {
      record('error', { error: String(error) });
      return 'error';
    }
  }

  private post(body: string): Promise<{ status: number | 'error'; error?: string }> {
    const webhook = this.webhook;
    if (!webhook) return Promise.resolve({ status: 'error', error: 'no webhook configured' });
    return new Promise((resolvePost) => {
      let settled = false;
      let status: number | 'error' = 'error';
      const done = (error?: string) => {
        if (settled) return;
        settled = true;
        this.inFlight = undefined;
        resolvePost(error === undefined ? { status } : { status, error });
      };
      const url = new URL(webhook.url);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          agent: false,
          timeout: WEBHOOK_TIMEOUT_MS,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'asaas-access-token': webhook.token,
            'user-agent': WEBHOOK_USER_AGENT,
            connection: 'close',
          },
        },
        (response) => {
          status = response.statusCode ?? 'error';
          response.resume();
          response.on('end', () => done());
          response.on('error', () => done());
        },
      );
      this.inFlight = request;
      request.on('timeout', () => request.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`)));
      request.on('error', (error) => {
        status = 'error';
        done(error.message);
      });
      request.on('close', () => done());
      request.end(body);
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Control payloads

const count = z.number().int().min(0).max(1_000);
const webhookSwitches = z.strictObject({
  failNext: count.optional(),
  duplicateNext: count.optional(),
  holdNext: count.optional(),
});
const statusSwitch = z.strictObject({
  status: z.string().regex(/^[A-Z_]+$/),
  /** The event sent; `PAYMENT_<status>` when absent, none when null. */
  event: z
    .string()
    .regex(/^[A-Z_]+$/)
    .nullable()
    .optional(),
});
const apiSwitches = z.strictObject({
  failNext: count.optional(),
  status: z.number().int().min(400).max(599).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** The failure comes after the request was processed (the answer is lost, not the request). */
  afterProcessing: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------------------------
// HTML

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const formatDate = (isoDate: string | null) =>
  isoDate ? `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}` : '-';

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Aguardando pagamento',
  OVERDUE: 'Vencida',
  RECEIVED: 'Recebida',
  CONFIRMED: 'Confirmada',
  REFUNDED: 'Estornada',
  REFUND_IN_PROGRESS: 'Estorno em andamento',
  CHARGEBACK_REQUESTED: 'Chargeback solicitado',
};
const PAYABLE = new Set(['PENDING', 'OVERDUE']);
const REFUNDABLE = new Set(['RECEIVED', 'CONFIRMED']);
const REFUNDING = new Set(['REFUND_REQUESTED', 'REFUND_IN_PROGRESS']);

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; background: #f3f4f6; }
  header { background: #0030b9; color: #fff; padding: 14px 24px; }
  header h1 { margin: 0; font-size: 20px; }
  header a { color: #fff; text-decoration: none; }
  main { max-width: 980px; margin: 24px auto; padding: 0 16px; }
  .note { background: #fff7d6; border: 1px solid #f2d675; border-radius: 6px; padding: 10px 14px; }
  .card { background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.08); padding: 16px; margin: 16px 0; overflow-x: auto; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e5e7eb; vertical-align: middle; }
  th { font-size: 13px; color: #6b7280; font-weight: 600; }
  td.money, td.actions, .status { white-space: nowrap; }
  code, textarea { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
  .status { display: inline-block; border-radius: 999px; padding: 2px 10px; font-size: 13px; background: #e5e7eb; }
  .status-PENDING { background: #fef3c7; } .status-OVERDUE { background: #fee2e2; }
  .status-RECEIVED, .status-CONFIRMED { background: #d1fae5; } .status-REFUNDED { background: #e0e7ff; }
  form { display: inline; margin: 0 4px 0 0; }
  button { font: inherit; border: 0; border-radius: 6px; padding: 6px 14px; cursor: pointer; background: #0030b9; color: #fff; }
  button.secondary { background: #e5e7eb; color: #1f2937; }
  textarea { width: 100%; height: 110px; padding: 8px; border: 1px solid #d1d5db; border-radius: 6px; resize: vertical; }
  .qr { display: flex; gap: 24px; flex-wrap: wrap; align-items: flex-start; }
  .qr img { width: 240px; height: 240px; image-rendering: pixelated; border: 1px solid #e5e7eb; border-radius: 6px; }
  .qr div { flex: 1; min-width: 260px; }
  .muted { color: #6b7280; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1><a href="/">Asaas (simulador local)</a></h1></header>
<main>
${content}
</main>
</body>
</html>
`;
}

function actionButton(payment: Payment, action: 'pay' | 'overdue' | 'refund' | 'chargeback', redirect: string): string {
  const labels = { pay: 'Pagar', overdue: 'Vencer', refund: 'Estornar', chargeback: 'Chargeback' };
  const style = action === 'pay' ? '' : ' class="secondary"';
  return (
    `<form method="post" action="/__control/payments/${encodeURIComponent(payment.id)}/${action}">` +
    `<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">` +
    `<button type="submit"${style}>${labels[action]}</button></form>`
  );
}

function actionsFor(payment: Payment, redirect: string): string {
  const actions: string[] = [];
  if (payment.deleted) return '<span class="status">Removida</span>';
  if (PAYABLE.has(payment.status)) actions.push(actionButton(payment, 'pay', redirect));
  if (payment.status === 'PENDING') actions.push(actionButton(payment, 'overdue', redirect));
  if (REFUNDABLE.has(payment.status) || REFUNDING.has(payment.status)) {
    actions.push(actionButton(payment, 'refund', redirect));
  }
  if (REFUNDABLE.has(payment.status)) actions.push(actionButton(payment, 'chargeback', redirect));
  return actions.join('');
}

const statusBadge = (status: string) =>
  `<span class="status status-${escapeHtml(status)}">${escapeHtml(STATUS_LABELS[status] ?? status)}</span>`;

// ---------------------------------------------------------------------------------------------------------------------
// The server

export async function startAsaasSimulator(o: AsaasSimulatorOptions): Promise<AsaasSimulator> {
  const log = o.log ?? (() => {});
  const schedule = o.retryScheduleMs?.length ? o.retryScheduleMs : DEFAULT_RETRY_SCHEDULE_MS;
  const webhooks = new WebhookQueue(o.webhook, schedule, log);
  const customers = new Map<string, Customer>();
  const payments = new Map<string, Payment>();
  const pixLocations = new Map<string, string>();
  const qrImages = new Map<string, string>();
  let invoiceSequence = 0;
  const api = { failNext: 0, status: 503, delayMs: 0, afterProcessing: false };
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let baseUrl = '';

  const wait = (ms: number) =>
    new Promise<void>((resolveWait) => {
      const entry = {
        timer: setTimeout(() => {
          timers.delete(entry);
          resolveWait();
        }, ms),
        resolve: resolveWait,
      };
      timers.add(entry);
    });

  // --- Asaas's API ---------------------------------------------------------------------------------------------------

  function createCustomer(body: Record<string, unknown>): Reply {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name) return apiError('invalid_name', 'O nome do cliente deve ser informado.');
    let document: ReturnType<typeof normalizeCpfCnpj> = null;
    if (body.cpfCnpj !== undefined && body.cpfCnpj !== null && body.cpfCnpj !== '') {
      document = typeof body.cpfCnpj === 'string' ? normalizeCpfCnpj(body.cpfCnpj) : null;
      if (!document) return apiError('invalid_object', 'O CPF/CNPJ informado é inválido.');
    }
    const email = typeof body.email === 'string' && body.email.trim() ? body.email.trim() : null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return apiError('invalid_email', 'O email informado é inválido.');
    }
    const digits = (value: unknown) => (typeof value === 'string' && value.replace(/\D/g, '')) || null;
    const customer: Customer = {
      object: 'customer',
      id: `cus_${randomId(12, ALPHANUMERIC)}`,
      dateCreated: saoPaulo(new Date()).date,
      name,
      email,
      company: null,
      phone: digits(body.phone),
      mobilePhone: digits(body.mobilePhone),
      address: null,
      addressNumber: null,
      complement: null,
      province: null,
      postalCode: null,
      cpfCnpj: document?.value ?? null,
      personType: document?.personType ?? null,
      deleted: false,
      additionalEmails: null,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      notificationDisabled: body.notificationDisabled === true,
      observations: null,
      municipalInscription: null,
      stateInscription: null,
      canDelete: true,
      cannotBeDeletedReason: null,
      canEdit: true,
      cannotEditReason: null,
      city: null,
      cityName: null,
      state: null,
      country: 'Brasil',
    };
    customers.set(customer.id, customer);
    log(`asaas-simulator: customer ${customer.id} created (${customer.name})`);
    return { status: 200, body: customer };
  }

  function createPayment(body: Record<string, unknown>): Reply {
    const customer = typeof body.customer === 'string' ? customers.get(body.customer) : undefined;
    if (!customer) return apiError('invalid_customer', 'Cliente inválido ou não informado.');
    if (!customer.cpfCnpj) {
      return apiError(
        'invalid_customer.cpfCnpj',
        'Para criar esta cobrança é necessário preencher o CPF ou CNPJ do cliente.',
      );
    }
    if (body.billingType !== 'PIX') {
      return apiError('invalid_billingType', 'Forma de pagamento inválida: o simulador local aceita apenas PIX.');
    }
    if (typeof body.value !== 'number' || !Number.isFinite(body.value)) {
      return apiError('invalid_value', 'O valor da cobrança deve ser informado.');
    }
    const value = round2(body.value);
    if (value < MIN_VALUE) {
      return apiError('invalid_value', `O valor da cobrança (${brl.format(value)}) não pode ser menor que R$ 5,00.`);
    }
    const now = new Date();
    const today = saoPaulo(now).date;
    if (typeof body.dueDate !== 'string' || !isCalendarDate(body.dueDate)) {
      return apiError('invalid_dueDate', 'A data de vencimento informada é inválida.');
    }
    if (body.dueDate < today) {
      return apiError('invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.');
    }
    const description = typeof body.description === 'string' ? body.description : null;
    if (description && description.length > 500) {
      return apiError('invalid_description', 'A descrição da cobrança não pode ter mais de 500 caracteres.');
    }
    const id = `pay_${randomId(16, LOWER_ALPHANUMERIC)}`;
    invoiceSequence += 1;
    const payment: Payment = {
      object: 'payment',
      id,
      dateCreated: today,
      customer: customer.id,
      subscription: null,
      installment: null,
      paymentLink: null,
      value,
      netValue: round2(value - PIX_FEE),
      originalValue: null,
      interestValue: null,
      description,
      billingType: 'PIX',
      canBePaidAfterDueDate: true,
      pixTransaction: null,
      status: 'PENDING',
      dueDate: body.dueDate,
      originalDueDate: body.dueDate,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      installmentNumber: null,
      invoiceUrl: `${baseUrl}/i/${id}`,
      invoiceNumber: String(invoiceSequence).padStart(8, '0'),
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      deleted: false,
      anticipated: false,
      anticipable: false,
      creditDate: null,
      estimatedCreditDate: null,
      transactionReceiptUrl: null,
      nossoNumero: null,
      bankSlipUrl: null,
      lastInvoiceViewedDate: null,
      lastBankSlipViewedDate: null,
      discount: { value: 0, limitDate: null, dueDateLimitDays: 0, type: 'FIXED' },
      fine: { value: 0, type: 'FIXED' },
      interest: { value: 0, type: 'PERCENTAGE' },
      postalService: false,
      custody: null,
      refunds: null,
    };
    payments.set(id, payment);
    pixLocations.set(id, `pix.asaas.local/qr/cobv/${randomUUID()}`);
    log(`asaas-simulator: payment ${id} created (${brl.format(value)}, ${payment.externalReference ?? '-'})`);
    webhooks.emit('PAYMENT_CREATED', payment, now);
    return { status: 200, body: payment };
  }

  /** PENDING/OVERDUE → RECEIVED (a PIX lands at once), as the sandbox's confirm and the page's 'Pagar' do. */
  function pay(id: string): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!PAYABLE.has(payment.status)) {
      return apiError(
        'invalid_action',
        `Somente cobranças pendentes ou vencidas podem ser confirmadas (${payment.status}).`,
      );
    }
    const now = new Date();
    const today = saoPaulo(now).date;
    Object.assign(payment, {
      status: 'RECEIVED',
      paymentDate: today,
      clientPaymentDate: today,
      confirmedDate: today,
      creditDate: today,
      estimatedCreditDate: today,
      pixTransaction: randomUUID(),
    });
    log(`asaas-simulator: payment ${id} received`);
    webhooks.emit('PAYMENT_RECEIVED', payment, now);
    return { status: 200, body: payment };
  }

  /** DELETE /v3/payments/{id}: Asaas removes an unpaid charge, keeps its status with `deleted: true`. */
  function remove(id: string): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!PAYABLE.has(payment.status)) {
      return apiError(
        'invalid_action',
        `Somente cobranças pendentes ou vencidas podem ser removidas (${payment.status}).`,
      );
    }
    payment.deleted = true;
    log(`asaas-simulator: payment ${id} deleted`);
    webhooks.emit('PAYMENT_DELETED', payment, new Date());
    return { status: 200, body: { deleted: true, id } };
  }

  function overdue(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (payment.status !== 'PENDING') {
      return apiError('invalid_action', `Somente cobranças pendentes podem vencer (${payment.status}).`);
    }
    payment.status = 'OVERDUE';
    log(`asaas-simulator: payment ${id} overdue`);
    webhooks.emit('PAYMENT_OVERDUE', payment, new Date());
    return { status: 200, body: payment };
  }

  /**
   * The page's 'Estornar' (and `/__control/…/refund`): a received payment, or one whose refund we asked for
   * (REFUND_REQUESTED / REFUND_IN_PROGRESS), is refunded now, as the bank's return of a PIX completes it.
   */
  function refund(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status) && !REFUNDING.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser estornadas (${payment.status}).`);
    }
    const now = new Date();
    payment.status = 'REFUNDED';
    payment.refunds = [
      { dateCreated: saoPaulo(now).dateTime, status: 'DONE', value: payment.value, description: null },
    ];
    log(`asaas-simulator: payment ${id} refunded`);
    webhooks.emit('PAYMENT_REFUNDED', payment, now);
    return { status: 200, body: payment };
  }

  /**
   * POST /v3/payments/{id}/refund {value?, description?}: a full refund of a received PIX goes REFUND_IN_PROGRESS
   * until the bank returns it (the page's 'Estornar' completes it); a partial one keeps the payment received and lists
   * the refund (PAYMENT_PARTIALLY_REFUNDED).
   */
  function requestRefund(id: string, body: Record<string, unknown>): Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser estornadas (${payment.status}).`);
    }
    const value = body.value === undefined || body.value === null ? payment.value : body.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || round2(value) > payment.value) {
      return apiError('invalid_value', 'O valor do estorno deve ser maior que zero e até o valor da cobrança.');
    }
    const now = new Date();
    const description = typeof body.description === 'string' ? body.description : null;
    const partial = round2(value) < payment.value;
    payment.refunds = [
      ...(payment.refunds ?? []),
      { dateCreated: saoPaulo(now).dateTime, status: partial ? 'DONE' : 'PENDING', value: round2(value), description },
    ];
    if (!partial) payment.status = 'REFUND_IN_PROGRESS';
    log(`asaas-simulator: payment ${id} refund requested (${brl.format(value)})`);
    webhooks.emit(partial ? 'PAYMENT_PARTIALLY_REFUNDED' : 'PAYMENT_REFUND_IN_PROGRESS', payment, now);
    return { status: 200, body: payment };
  }

  /** The page's 'Chargeback': the payer disputes a received payment with their bank. */
  function chargeback(id: string): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (!REFUNDABLE.has(payment.status)) {
      return apiError('invalid_action', `Somente cobranças recebidas podem ser contestadas (${payment.status}).`);
    }
    payment.status = 'CHARGEBACK_REQUESTED';
    log(`asaas-simulator: payment ${id} chargeback requested`);
    webhooks.emit('PAYMENT_CHARGEBACK_REQUESTED', payment, new Date());
    return { status: 200, body: payment };
  }

  /**
   * Tests' and people's switch for any other step of a payment's life (CONFIRMED, RECEIVED_IN_CASH, a cash payment
   * undone, a refund denied, a chargeback disputed or won): sets the status and sends `event` (none when null).
   */
  function setStatus(id: string, body: Record<string, unknown>): Reply {
    const payment = payments.get(id);
    if (!payment) return apiError('not_found', 'Cobrança não encontrada.', 404);
    const parsed = statusSwitch.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
    const now = new Date();
    payment.status = parsed.data.status;
    if (
      parsed.data.status === 'RECEIVED' ||
      parsed.data.status === 'CONFIRMED' ||
      parsed.data.status === 'RECEIVED_IN_CASH'
    ) {
      const today = saoPaulo(now).date;
      payment.paymentDate ??= today;
      payment.clientPaymentDate ??= today;
      payment.confirmedDate ??= today;
    }
    const event = parsed.data.event === undefined ? `PAYMENT_${parsed.data.status}` : parsed.data.event;
    log(`asaas-simulator: payment ${id} → ${parsed.data.status}${event ? ` (${event})` : ''}`);
    if (event) webhooks.emit(event, payment, now);
    return { status: 200, body: payment };
  }

  async function pixQrCode(payment: Payment) {
    const location = pixLocations.get(payment.id) ?? `pix.asaas.local/qr/cobv/${randomUUID()}`;
    const payload = pixPayload(location, payment.value);
    let encodedImage = qrImages.get(payment.id);
    if (!encodedImage) {
      const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 300 });
      encodedImage = png.toString('base64');
      qrImages.set(payment.id, encodedImage);
    }
    return { success: true, encodedImage, payload, expirationDate: `${payment.dueDate} 23:59:59` };
  }

  function list<T>(items: T[], query: URLSearchParams): Reply {
    const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
    const limit = Math.min(100, Math.max(1, Number.parseInt(query.get('limit') ?? '10', 10) || 10));
    const data = items.slice(offset, offset + limit);
    return {
      status: 200,
      body: { object: 'list', hasMore: offset + limit < items.length, totalCount: items.length, limit, offset, data },
    };
  }

  /** Newest first, filtered on the query's fields that name one of the objects' own fields. */
  function filtered<T extends Record<string, unknown>>(items: Iterable<T>, query: URLSearchParams, fields: string[]) {
    return [...items].reverse().filter((item) =>
      fields.every((field) => {
        const wanted = query.get(field);
        if (wanted === null) return true;
        const normalized = field === 'cpfCnpj' ? wanted.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : wanted;
        return item[field] === normalized;
      }),
    );
  }

  async function handleApi(method: string, path: string, query: URLSearchParams, raw: string): Promise<Reply> {
    let body: Record<string, unknown> = {};
    if (method === 'POST' && raw.trim()) {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
        else return apiError('invalid_request', 'O corpo da requisição deve ser um objeto JSON.');
      } catch {
        return apiError('invalid_request', 'O corpo da requisição não é um JSON válido.');
      }
    }
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    let match: RegExpExecArray | null;
    if (route === 'POST /v3/customers') return createCustomer(body);
    if (route === 'GET /v3/customers') {
      return list(filtered(customers.values(), query, ['externalReference', 'cpfCnpj', 'email', 'name']), query);
    }
    if ((match = /^GET \/v3\/customers\/([^/]+)$/.exec(route))) {
      const customer = customers.get(decode(match[1]));
      return customer ? { status: 200, body: customer } : apiError('not_found', 'Cliente não encontrado.', 404);
    }
    if (route === 'POST /v3/payments') return createPayment(body);
    if (route === 'GET /v3/payments') {
      return list(
        filtered(payments.values(), query, ['externalReference', 'customer', 'status', 'billingType']),
        query,
      );
    }
    if ((match = /^GET \/v3\/payments\/([^/]+)$/.exec(route))) {
      const payment = payments.get(decode(match[1]));
      return payment ? { status: 200, body: payment } : apiError('not_found', 'Cobrança não encontrada.', 404);
    }
    if ((match = /^GET \/v3\/payments\/([^/]+)\/pixQrCode$/.exec(route))) {
      const payment = payments.get(decode(match[1]));
      return payment
        ? { status: 200, body: await pixQrCode(payment) }
        : apiError('not_found', 'Cobrança não encontrada.', 404);
    }
    if ((match = /^POST \/v3\/sandbox\/payment\/([^/]+)\/confirm$/.exec(route))) return pay(decode(match[1]));
    if ((match = /^DELETE \/v3\/payments\/([^/]+)$/.exec(route))) return remove(decode(match[1]));
    if ((match = /^POST \/v3\/payments\/([^/]+)\/refund$/.exec(route))) return requestRefund(decode(match[1]), body);
    return { status: 404 };
  }

  async function serveApi(request: IncomingMessage, url: URL, raw: string): Promise<Reply> {
    const failing = api.failNext > 0;
    if (failing) api.failNext -= 1;
    const failure: Reply = {
      status: api.status,
      body: { errors: [{ code: 'unavailable', description: 'Simulated' }] },
    };
    if (failing && !api.afterProcessing) {
      if (api.delayMs) await wait(api.delayMs);
      log(`asaas-simulator: ${request.method} ${url.pathname} → ${api.status} (failNext)`);
      return failure;
    }
    const key = request.headers.access_token;
    let reply: Reply;
    if (key === undefined || key === '') {
      reply = apiError(
        'access_token_not_found',
        "O cabeçalho de autenticação 'access_token' é obrigatório e não foi encontrado na requisição",
        401,
      );
    } else if (key !== o.apiKey) {
      reply = apiError('invalid_access_token', 'A chave de API fornecida é inválida', 401);
    } else {
      reply = await handleApi(request.method ?? 'GET', url.pathname, url.searchParams, raw);
    }
    if (api.delayMs) await wait(api.delayMs);
    if (failing) {
      log(`asaas-simulator: ${request.method} ${url.pathname} processed, answered ${api.status} (failNext)`);
      return failure;
    }
    return reply;
  }

  // --- Controls ------------------------------------------------------------------------------------------------------

  function handleControl(method: string, path: string, body: Record<string, unknown>): Reply {
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    let match: RegExpExecArray | null;
    if ((match = /^POST \/__control\/payments\/([^/]+)\/(pay|overdue|refund|chargeback|status)$/.exec(route))) {
      const id = decode(match[1]);
      const actions = { pay, overdue, refund, chargeback, status: (paymentId: string) => setStatus(paymentId, body) };
      return actions[match[2] as keyof typeof actions](id);
    }
    if (route === 'GET /__control/payments') return { status: 200, body: [...payments.values()] };
    if (route === 'GET /__control/customers') return { status: 200, body: [...customers.values()] };
    if (route === 'GET /__control/deliveries') return { status: 200, body: webhooks.deliveries };
    if (route === 'GET /__control/events') return { status: 200, body: webhooks.events };
    if (route === 'GET /__control/webhooks') return { status: 200, body: webhooks.state() };
    if (route === 'POST /__control/webhooks') {
      const parsed = webhookSwitches.safeParse(body);
      if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
      webhooks.configure(parsed.data);
      return { status: 200, body: webhooks.state() };
    }
    if (route === 'POST /__control/webhooks/release') {
      const released = webhooks.release();
      return { status: 200, body: { released, ...webhooks.state() } };
    }
    if (route === 'POST /__control/webhooks/resume') {
      webhooks.resume();
      return { status: 200, body: webhooks.state() };
    }
    if (route === 'GET /__control/api') return { status: 200, body: api };
    if (route === 'POST /__control/api') {
      const parsed = apiSwitches.safeParse(body);
      if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
      Object.assign(api, parsed.data);
      return { status: 200, body: api };
    }
    if (route === 'POST /__control/reset') {
      customers.clear();
      payments.clear();
      pixLocations.clear();
      qrImages.clear();
      invoiceSequence = 0;
      Object.assign(api, { failNext: 0, status: 503, delayMs: 0, afterProcessing: false });
      webhooks.reset();
      log('asaas-simulator: reset');
      return { status: 200, body: { reset: true } };
    }
    return { status: 404, body: { error: 'unknown control' } };
  }

  // --- Pages ---------------------------------------------------------------------------------------------------------

  function listPage(): string {
    const state = webhooks.state();
    const rows = [...payments.values()]
      .reverse()
      .map((payment) => {
        const customer = customers.get(payment.customer);
        return `<tr>
<td><a href="/i/${encodeURIComponent(payment.id)}"><code>${escapeHtml(payment.id)}</code></a></td>
<td>${escapeHtml(customer?.name ?? payment.customer)}</td>
<td class="money">${escapeHtml(brl.format(payment.value))}</td>
<td>${escapeHtml(formatDate(payment.dueDate))}</td>
<td>${statusBadge(payment.status)}</td>
<td class="actions">${actionsFor(payment, '/')}</td>
</tr>`;
      })
      .join('\n');
    const table = payments.size
      ? `<table><thead><tr><th>Cobrança</th><th>Cliente</th><th>Valor</th><th>Vencimento</th><th>Situação</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>`
      : '<p class="muted">Nenhuma cobrança criada ainda.</p>';
    const queue = state.url
      ? `Webhooks para <code>${escapeHtml(state.url)}</code>: ${state.queued} na fila, ${state.held} retido(s)` +
        (state.paused
          ? ` — <strong>fila pausada</strong> após ${MAX_CONSECUTIVE_FAILURES} falhas seguidas. ` +
            '<form method="post" action="/__control/webhooks/resume"><input type="hidden" name="redirect" value="/">' +
            '<button type="submit" class="secondary">Retomar fila</button></form>'
          : '.')
      : 'Nenhum endereço de webhook configurado: os eventos não são enviados.';
    return page(
      'Asaas (simulador local)',
      `<p class="note">Este é um substituto local do Asaas (sandbox), só para desenvolvimento: nenhuma cobrança é real e
nenhum dinheiro circula. <strong>Pagar</strong> confirma o PIX como o sandbox do Asaas faz e envia o webhook
<code>PAYMENT_RECEIVED</code>.</p>
<section class="card"><h2>Cobranças</h2>
${table}
</section>
<section class="card muted">${queue}</section>`,
    );
  }

  async function invoicePage(payment: Payment): Promise<string> {
    const customer = customers.get(payment.customer);
    const redirect = `/i/${encodeURIComponent(payment.id)}`;
    let pix = '';
    if (PAYABLE.has(payment.status)) {
      const qr = await pixQrCode(payment);
      pix = `<section class="card qr">
<img src="data:image/png;base64,${qr.encodedImage}" alt="QR Code PIX da cobrança">
<div>
<h2>PIX copia e cola</h2>
<textarea readonly aria-label="PIX copia e cola">${escapeHtml(qr.payload)}</textarea>
<p class="muted">Válido até ${escapeHtml(formatDate(payment.dueDate))} 23:59:59.</p>
${actionsFor(payment, redirect)}
</div>
</section>`;
    } else {
      const outcome = REFUNDABLE.has(payment.status)
        ? `Pagamento recebido em ${escapeHtml(formatDate(payment.paymentDate))}.`
        : payment.status === 'REFUNDED'
          ? 'Pagamento estornado.'
          : 'Esta cobrança não está aberta para pagamento.';
      pix = `<section class="card"><p>${statusBadge(payment.status)} ${outcome}</p>${actionsFor(payment, redirect)}</section>`;
    }
    return page(
      `Cobrança ${payment.id} — Asaas (simulador local)`,
      `<p class="note">Fatura de um substituto local do Asaas: nenhum dinheiro circula. <a href="/">Todas as cobranças</a></p>
<section class="card"><h2>Cobrança PIX ${escapeHtml(payment.invoiceNumber)}</h2>
<table>
<tr><th>Cliente</th><td>${escapeHtml(customer?.name ?? payment.customer)}</td></tr>
<tr><th>Descrição</th><td>${escapeHtml(payment.description ?? '-')}</td></tr>
<tr><th>Valor</th><td class="money">${escapeHtml(brl.format(payment.value))}</td></tr>
<tr><th>Vencimento</th><td>${escapeHtml(formatDate(payment.dueDate))}</td></tr>
<tr><th>Situação</th><td>${statusBadge(payment.status)}</td></tr>
<tr><th>Identificador</th><td><code>${escapeHtml(payment.id)}</code></td></tr>
</table>
</section>
${pix}`,
    );
  }

  const errorPage = (message: string, back: string) =>
    page(
      'Erro — Asaas (simulador local)',
      `<section class="card"><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Voltar</a></p></section>`,
    );

  // --- HTTP ------------------------------------------------------------------------------------------------------------

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
      return sendJson(response, await serveApi(request, url, raw));
    }

    if (url.pathname.startsWith('/__control/')) {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      let body: Record<string, unknown> = {};
      let redirect = '/';
      if (isForm) {
        const form = new URLSearchParams(raw);
        const target = form.get('redirect') ?? '/';
        redirect = target.startsWith('/') && !target.startsWith('//') ? target : '/';
      } else if (raw.trim()) {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
          body = parsed as Record<string, unknown>;
        } catch {
          return sendJson(response, { status: 400, body: { error: 'the body must be a JSON object' } });
        }
      }
      const reply = handleControl(method, url.pathname, body);
      if (!isForm) return sendJson(response, reply);
      if (reply.status === 200) {
        response.writeHead(303, { location: redirect, 'content-length': 0 });
        return void response.end();
      }
      const errors = (reply.body as { errors?: { description?: string }[] } | undefined)?.errors;
      return sendHtml(response, reply.status, errorPage(errors?.[0]?.description ?? 'Ação não permitida.', redirect));
    }

    if (method === 'GET' && url.pathname === '/') return sendHtml(response, 200, listPage());
    const invoice = method === 'GET' ? /^\/i\/([^/]+)$/.exec(url.pathname) : null;
    if (invoice) {
      const payment = payments.get(decode(invoice[1]));
      if (!payment) return sendHtml(response, 404, errorPage('Cobrança não encontrada.', '/'));
      payment.lastInvoiceViewedDate = saoPaulo(new Date()).dateTime;
      return sendHtml(response, 200, await invoicePage(payment));
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

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/v3`,
    async stop() {
      await webhooks.stop();
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
      await new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      });
    },
  };
}

function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return segment ?? '';
  }
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
