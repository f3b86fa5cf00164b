import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { isRetryableWhatsAppError } from '../../domain/whatsapp.js';
import { httpJson, HttpUnavailableError } from './http-json.js';

/**
 * Meta's WhatsApp Business Cloud API (the Graph API): `POST /<version>/<phone-number-id>/messages` with a bearer
 * access token. A template message is the only kind a business may start; a free text goes only inside the 24 hours
 * after the customer wrote (the 'SAIR' confirmation). The stack takes another base URL by configuration; locally it
 * is the stand-in in local/services/whatsapp.ts.
 */
export const GRAPH_API_URL = 'https://graph.facebook.com';
/** The Graph API version every call names (Meta keeps a version two years; bump it with the webhook's fields checked). */
export const GRAPH_API_VERSION = 'v23.0';

export type WhatsAppTemplateMessage = { name: string; language: string; params: readonly string[] };

export type WhatsApp = {
  /** Sends an approved template; the message id (`wamid…`) its statuses will name. */
  sendTemplate(to: string, template: WhatsAppTemplateMessage): Promise<{ messageId: string }>;
  /** A free text, only as an answer inside the customer's 24-hour window. */
  sendText(to: string, text: string): Promise<{ messageId: string }>;
};

/** Meta refused the message for good (a number without WhatsApp, a template not approved, a bad parameter): no retry. */
export class WhatsAppRejectedError extends Error {
  constructor(
    readonly code: number | null,
    readonly detail: string,
  ) {
    super(`WhatsApp refused the message${code === null ? '' : ` (${code})`}: ${detail}`);
    this.name = 'WhatsAppRejectedError';
  }
}

/**
 * No usable answer (network, timeout, 429, 5xx), or a refusal whose code means "not now" (a rate limit, a temporary
 * error: `isRetryableWhatsAppError`): the message may be retried later.
 */
export class WhatsAppUnavailableError extends Error {
  constructor(
    options?: { cause?: unknown },
    readonly code: number | null = null,
  ) {
    super(`WhatsApp Cloud API unavailable${code === null ? '' : ` (${code})`}`, options);
    this.name = 'WhatsAppUnavailableError';
  }
}

const sentSchema = z.object({ messages: z.array(z.object({ id: z.string().min(1) }).loose()).min(1) }).loose();
const errorSchema = z.object({
  error: z.object({ code: z.number().optional(), message: z.string().optional() }).loose(),
});

export type WhatsAppOptions = {
  baseUrl: string;
  phoneNumberId: string;
  /** The system user's permanent access token (Secrets Manager on AWS). */
  accessToken: () => Promise<string>;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export function createWhatsApp(options: WhatsAppOptions): WhatsApp {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/${GRAPH_API_VERSION}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const post = async (body: Record<string, unknown>) => {
    let response;
    try {
      response = await httpJson(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await options.accessToken()}` },
        body: { messaging_product: 'whatsapp', recipient_type: 'individual', ...body },
        timeoutMs: options.timeoutMs ?? 10_000,
        // Sending is not idempotent (the API has no idempotency key): one attempt; the outbox retries later.
        retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
        fetch: options.fetch,
      });
    } catch (error) {
      if (error instanceof HttpUnavailableError) throw new WhatsAppUnavailableError({ cause: error });
      throw error;
    }
    if (response.status >= 200 && response.status < 300) {
      const sent = sentSchema.safeParse(response.body);
      if (!sent.success) throw new WhatsAppUnavailableError({ cause: sent.error });
      return { messageId: sent.data.messages[0]!.id };
    }
    const refusal = errorSchema.safeParse(response.body);
    const code = refusal.success ? (refusal.data.error.code ?? null) : null;
    if (isRetryableWhatsAppError(code)) throw new WhatsAppUnavailableError({}, code);
    throw new WhatsAppRejectedError(
      code,
      refusal.success ? (refusal.data.error.message ?? `HTTP ${response.status}`) : `HTTP ${response.status}`,
    );
  };
  return {
    sendTemplate: (to, template) =>
      post({
        to,
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components:
            template.params.length === 0
              ? []
              : [{ type: 'body', parameters: template.params.map((text) => ({ type: 'text', text })) }],
        },
      }),
    sendText: (to, text) => post({ to, type: 'text', text: { preview_url: false, body: text } }),
  };
}

/** The `X-Hub-Signature-256` Meta sends with every webhook POST: `sha256=` and the HMAC-SHA256 of the raw body. */
export function whatsappSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
