import { randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { saoPaulo, type Delivery, type InvoiceEnvelope, type Payment, type WebhookEnvelope } from './objects.js';

/** Asaas's webhook retry schedule, one minute compressed to one second. */
export const DEFAULT_RETRY_SCHEDULE_MS = [
  0, 500, 1_000, 3_500, 5_000, 15_000, 25_000, 60_000, 60_000, 60_000, 60_000, 60_000, 120_000, 120_000, 180_000,
];
/** Asaas pauses a webhook queue after this many consecutive failed deliveries. */
export const MAX_CONSECUTIVE_FAILURES = 15;

const WEBHOOK_TIMEOUT_MS = 10_000;
const WEBHOOK_USER_AGENT = 'Asaas_Hmlg/3.0';

type QueueEntry = { envelope: WebhookEnvelope | InvoiceEnvelope; attempts: number };

/**
 * Asaas's webhook queue, one per simulator: FIFO, the head retried on the schedule until it answers 200 (a failing
 * event blocks those behind it), paused after MAX_CONSECUTIVE_FAILURES consecutive failures until `resume()`. The loop
 * never throws; `stop()` cancels its wait and its request in flight.
 */
export class WebhookQueue {
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
    const envelope: WebhookEnvelope = { ...this.envelopeHead(event, now), payment: structuredClone(payment) };
    this.events.push(envelope);
    this.enqueue(envelope);
  }

  /** The INVOICE_* events sent, in order (invoices.ts). */
  readonly invoiceEvents: InvoiceEnvelope[] = [];

  /** Records an event about a nota fiscal (a snapshot, as it is now) and queues it behind the payments' events. */
  emitInvoice(event: string, invoice: { id: string }, now: Date): void {
    const envelope: InvoiceEnvelope = { ...this.envelopeHead(event, now), invoice: structuredClone(invoice) };
    this.invoiceEvents.push(envelope);
    this.enqueue(envelope);
  }

  private envelopeHead(event: string, now: Date) {
    this.eventSequence += 1;
    return {
      id: `evt_${randomBytes(16).toString('hex')}&${this.eventSequence}`,
      event,
      dateCreated: saoPaulo(now).dateTime,
    };
  }

  private enqueue(envelope: WebhookEnvelope | InvoiceEnvelope): void {
    const { event } = envelope;
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
    this.invoiceEvents.length = 0;
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
        paymentId: 'payment' in envelope ? envelope.payment.id : envelope.invoice.id,
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
