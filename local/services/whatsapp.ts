import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { WHATSAPP_SIGNATURE_HEADER } from '../../domain/api/whatsapp.js';
import { formatDateTime } from '../../domain/dates.js';
import {
  renderTemplateBody,
  templateByName,
  WHATSAPP_STATUS_LABELS,
  WHATSAPP_TEMPLATE_FOOTER,
  WHATSAPP_TEMPLATE_LANGUAGE,
  type WhatsAppStatus,
} from '../../domain/whatsapp.js';
import {
  escapeHtml,
  readBody,
  readInput,
  redirectOr,
  sendHtml,
  sendJson,
  startStandInServer,
} from './stand-in-http.js';

/**
 * A stand-in for Meta's WhatsApp Business Cloud API (the Graph API) that speaks its real shapes:
 *
 *   POST /<version>/<phone-number-id>/messages   `Authorization: Bearer <token>` (401, OAuthException 190, otherwise);
 *                                                 `{ messaging_product: 'whatsapp', to, type: 'template', template:
 *                                                 { name, language: { code }, components: [{ type: 'body', parameters:
 *                                                 [{ type: 'text', text }] }] } }` or `type: 'text'`; answers
 *                                                 `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`,
 *                                                 or Meta's `{ error: { message, type, code } }` for an unknown
 *                                                 template (132001), a parameter count that does not match (132000),
 *                                                 a parameter with a line break, tab or 5+ spaces (132018)
 *   webhooks → the API                             `POST <webhookUrl>` signed with `X-Hub-Signature-256` (the app secret's
 *                                                 HMAC-SHA256 of the raw body): `entry[].changes[].value.statuses[]`
 *                                                 (sent, delivered, read, failed) and `.messages[]` (a reply)
 *   /                                              a pt-BR inbox: every message (template, parameters, the text the
 *                                                 customer reads), its statuses, and a form to reply as the customer
 *   /__control/…                                   switches for tests and people (not Meta's API)
 *
 * With `autoDeliver`, each accepted message is reported 'sent' and then 'delivered', as a phone that is on would.
 */
export type WhatsAppStandInOptions = {
  /** 0 = any free port. */
  port: number;
  accessToken: string;
  appSecret: string;
  phoneNumberId: string;
  /** Where Meta would post (the API's /webhooks/whatsapp, through the local edge). */
  webhookUrl: string;
  autoDeliver?: boolean;
  log?: (line: string) => void;
};

export type WhatsAppStandIn = { url: string; stop(): Promise<void> };

export type StandInMessage = {
  id: string;
  to: string;
  at: string;
  type: 'template' | 'text';
  template: string | null;
  language: string | null;
  params: string[];
  /** What the customer reads. */
  text: string;
  statuses: { status: WhatsAppStatus; at: string; webhook: number | null }[];
};

export type StandInReply = { id: string; from: string; text: string; at: string; webhook: number | null };

/**
 * The next sends' failures, in order: 'reject' answers Meta's refusal with `code` (131026, a number without WhatsApp,
 * by default; a rate limit such as 130429 says "try later"), '500' an unknown error, 'timeout' holds the request and
 * then drops the connection without sending anything (the caller's timeout fires first).
 */
type Fault = { kind: 'reject' | '500' | 'timeout'; remaining: number; code: number };
const FAULT_KINDS: readonly Fault['kind'][] = ['reject', '500', 'timeout'];
/** How long a 'timeout' fault holds the request before dropping it: past any caller's timeout in tests. */
const TIMEOUT_HOLD_MS = 3_000;

/** Meta's titles for the error codes the stand-in sends (statuses and refusals). */
const ERROR_TITLES: Record<number, string> = {
  131026: 'Message undeliverable',
  131000: 'Something went wrong',
  130429: 'Rate limit hit',
  131056: '(Business Account, Consumer Account) pair rate limit hit',
  132001: 'Template name does not exist in the translation',
};
const errorTitle = (code: number) => ERROR_TITLES[code] ?? `Error ${code}`;

const MAX_BODY_BYTES = 64 * 1024;

/** What tests use to drive the stand-in. */
export function whatsAppControl(url: string) {
  const post = async (path: string, body: unknown = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    messages: async () => (await (await fetch(`${url}/__control/messages`)).json()) as StandInMessage[],
    replies: async () => (await (await fetch(`${url}/__control/replies`)).json()) as StandInReply[],
    /**
     * Reports a status of a message (a Unix timestamp in seconds, default now; a 'failed' with Meta's error `code`,
     * 131026 by default); answers the webhook's HTTP status.
     */
    status: async (id: string, status: Exclude<WhatsAppStatus, 'accepted'>, timestamp?: number, code?: number) =>
      (await post('/__control/status', { id, status, timestamp, code })).webhook as number,
    /** The customer writes (from their number); answers the webhook's HTTP status. */
    reply: async (from: string, text: string) => (await post('/__control/reply', { from, text })).webhook as number,
    /** The next `count` sends fail this way (`code`: Meta's error code of a 'reject'). */
    fail: (kind: Fault['kind'], count = 1, code?: number) => post('/__control/faults', { kind, count, code }),
    reset: () => post('/__control/reset'),
  };
}

const graphError = (code: number, message: string, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') },
});

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const messages: StandInMessage[] = [];
  const replies: StandInReply[] = [];
  const faults: Fault[] = [];

  const deliver = async (value: Record<string, unknown>): Promise<number | null> => {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: options.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`;
    try {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WHATSAPP_SIGNATURE_HEADER]: signature },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      options.log?.(`WhatsApp stand-in: webhook not delivered (${(error as Error).message})`);
      return null;
    }
  };

  const reportStatus = async (
    message: StandInMessage,
    status: Exclude<WhatsAppStatus, 'accepted'>,
    seconds: number,
    code = 131026,
  ) => {
    const at = new Date(seconds * 1000).toISOString();
    const webhook = await deliver({
      statuses: [
        {
          id: message.id,
          status,
          timestamp: String(seconds),
          recipient_id: message.to,
          ...(status === 'failed' ? { errors: [{ code, title: errorTitle(code), message: errorTitle(code) }] } : {}),
        },
      ],
    });
    message.statuses.push({ status, at, webhook });
    return webhook;
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://x');
    const send_ = /^\/v\d+\.\d+\/([^/]+)\/messages\/?$/.exec(url.pathname);
    if (send_ && request.method === 'POST') return handleSend(request, response, decodeURIComponent(send_[1]!));
    if (url.pathname === '/' && request.method === 'GET') return sendHtml(response, 200, inboxPage(messages, replies));
    if (url.pathname === '/__control/messages' && request.method === 'GET') return sendJson(response, 200, messages);
    if (url.pathname === '/__control/replies' && request.method === 'GET') return sendJson(response, 200, replies);
    if (url.pathname === '/__control/status' && request.method === 'POST') {
      const input = await readInput(request, MAX_BODY_BYTES);
      const message = messages.find((candidate) => candidate.id === input.id);
      const status = String(input.status);
      if (!message || !['sent', 'delivered', 'read', 'failed'].includes(status)) {
        return sendJson(response, 400, { error: 'id of a message, status sent | delivered | read | failed' });
      }
      const seconds = Number(input.timestamp) || Math.floor(Date.now() / 1000);
      const webhook = await reportStatus(message, status as 'sent', seconds, Number(input.code) || undefined);
      return redirectOr(response, input, 200, { webhook });
    }
    if (url.pathname === '/__control/reply' && request.method === 'POST') {
      const input = await readInput(request, MAX_BODY_BYTES);
      const from = String(input.from ?? '').replace(/\D/g, '');
      const text = String(input.text ?? '');
      if (!from || !text.trim()) return sendJson(response, 400, { error: 'from and text' });
      const seconds = Math.floor(Date.now() / 1000);
      const id = `wamid.${randomBytes(16).toString('hex')}`;
      const webhook = await deliver({
        contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
        messages: [{ from, id, timestamp: String(seconds), type: 'text', text: { body: text } }],
      });
      replies.push({ id, from, text, at: new Date(seconds * 1000).toISOString(), webhook });
      options.log?.(`WhatsApp stand-in: reply from ${from} → webhook ${webhook ?? 'not delivered'}`);
      return redirectOr(response, input, 200, { webhook, id });
    }
    if (url.pathname === '/__control/faults' && request.method === 'POST') {
      const input = await readInput(request, MAX_BODY_BYTES);
      const kind = String(input.kind) as Fault['kind'];
      if (!FAULT_KINDS.includes(kind)) return sendJson(response, 400, { error: `kind: ${FAULT_KINDS.join(' | ')}` });
      faults.push({ kind, remaining: Math.max(1, Number(input.count ?? 1)), code: Number(input.code) || 131026 });
      return redirectOr(response, input, 200, { faults });
    }
    if (url.pathname === '/__control/reset' && request.method === 'POST') {
      messages.length = 0;
      replies.length = 0;
      faults.length = 0;
      return sendJson(response, 200, { ok: true });
    }
    sendJson(response, 404, graphError(100, 'Unsupported request', 'GraphMethodException'));
  }

  async function handleSend(request: IncomingMessage, response: ServerResponse, phoneNumberId: string) {
    if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
      return sendJson(response, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
    }
    if (phoneNumberId !== options.phoneNumberId) {
      return sendJson(
        response,
        400,
        graphError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`),
      );
    }
    const fault = faults[0];
    if (fault) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults.shift();
      if (fault.kind === '500') return sendJson(response, 500, graphError(1, 'An unknown error has occurred.'));
      if (fault.kind === 'timeout') {
        await new Promise((resolveHold) => setTimeout(resolveHold, TIMEOUT_HOLD_MS).unref());
        request.socket.destroy();
        return;
      }
      return sendJson(response, 400, graphError(fault.code, errorTitle(fault.code)));
    }
    const body = (await readBody(request, MAX_BODY_BYTES)) as Record<string, unknown> | null;
    const to = typeof body?.to === 'string' ? body.to.replace(/\D/g, '') : '';
    if (body?.messaging_product !== 'whatsapp' || !to) {
      return sendJson(response, 400, graphError(100, '(#100) The parameter messaging_product is required.'));
    }
    const id = `wamid.${randomBytes(16).toString('hex')}`;
    const at = new Date().toISOString();
    let message: StandInMessage;
    if (body.type === 'template') {
      const template = body.template as
        | {
            name?: string;
            language?: { code?: string };
            components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
          }
        | undefined;
      const known = templateByName(String(template?.name ?? ''));
      if (!known || template?.language?.code !== WHATSAPP_TEMPLATE_LANGUAGE) {
        return sendJson(response, 404, graphError(132001, 'Template name does not exist in the translation'));
      }
      const params = (template.components ?? [])
        .filter((component) => component.type === 'body')
        .flatMap((component) => component.parameters ?? [])
        .map((parameter) => (parameter.type === 'text' ? String(parameter.text ?? '') : ''));
      if (params.length !== known.params.length) {
        return sendJson(
          response,
          400,
          graphError(132000, 'Number of parameters does not match the expected number of params'),
        );
      }
      if (params.some((text) => /[\n\t]| {5,}/.test(text) || text.length === 0)) {
        return sendJson(response, 400, graphError(132018, 'There was an issue with the parameters in your template.'));
      }
      message = {
        id,
        to,
        at,
        type: 'template',
        template: known.name,
        language: template.language.code,
        params,
        text: `${renderTemplateBody(known.body, params)}\n\n${WHATSAPP_TEMPLATE_FOOTER}`,
        statuses: [],
      };
    } else if (body.type === 'text') {
      const text = (body.text as { body?: string } | undefined)?.body ?? '';
      if (!text) return sendJson(response, 400, graphError(100, "(#100) Param text['body'] is required."));
      message = { id, to, at, type: 'text', template: null, language: null, params: [], text, statuses: [] };
    } else {
      return sendJson(response, 400, graphError(100, '(#100) Invalid parameter type'));
    }
    messages.unshift(message);
    options.log?.(`WhatsApp stand-in: ${message.template ?? 'text'} → ${to}`);
    sendJson(response, 200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: to }],
      messages: [{ id }],
    });
    if (options.autoDeliver) {
      // After the answer, as Meta does: the statuses come by webhook, seconds later.
      setTimeout(() => {
        const seconds = Math.floor(Date.now() / 1000);
        void reportStatus(message, 'sent', seconds).then(() => reportStatus(message, 'delivered', seconds + 1));
      }, 500).unref();
    }
  }

  return startStandInServer({ port: options.port, name: 'WhatsApp stand-in', log: options.log, handle });
}

const STATUS_BUTTONS: [Exclude<WhatsAppStatus, 'accepted'>, string, number?][] = [
  ['delivered', 'Marcar entregue'],
  ['read', 'Marcar lida'],
  ['failed', 'Simular falha (número sem WhatsApp)', 131026],
  ['failed', 'Simular falha temporária', 131000],
];

function inboxPage(messages: StandInMessage[], replies: StandInReply[]): string {
  const items = messages
    .map((message) => {
      const statuses = message.statuses
        .map((s) => `${escapeHtml(WHATSAPP_STATUS_LABELS[s.status])} (webhook ${s.webhook ?? '—'})`)
        .join(' → ');
      const buttons = STATUS_BUTTONS.map(
        ([
          status,
          label,
          code,
        ]) => `<form method="post" action="/__control/status"><input type="hidden" name="redirect" value="/">
<input type="hidden" name="id" value="${escapeHtml(message.id)}"><input type="hidden" name="status" value="${status}">
${code ? `<input type="hidden" name="code" value="${code}">` : ''}<button type="submit" class="secondary">${label}</button></form>`,
      ).join('');
      return `<article data-message-id="${escapeHtml(message.id)}">
<p class="meta">Para <strong>+${escapeHtml(message.to)}</strong> · ${escapeHtml(formatDateTime(message.at))}</p>
<p class="meta">${message.template ? `Modelo <code>${escapeHtml(message.template)}</code> (${escapeHtml(message.language ?? '')}) · parâmetros: ${message.params.map((p) => `<code>${escapeHtml(p)}</code>`).join(' ')}` : 'Texto livre (resposta na janela de 24 horas)'}</p>
<div class="bubble">${escapeHtml(message.text).replace(/\n/g, '<br>')}</div>
<p class="meta">Status: ${statuses || 'aceita pela API'}</p>
<div class="actions">${buttons}</div>
<form method="post" action="/__control/reply" class="reply"><input type="hidden" name="redirect" value="/">
<input type="hidden" name="from" value="${escapeHtml(message.to)}">
<label>Responder como o cliente<input name="text" required placeholder="Escreva, ou SAIR para cancelar os avisos"></label>
<button type="submit">Enviar resposta</button></form>
</article>`;
    })
    .join('');
  const replyList = replies
    .map(
      (reply) =>
        `<li>+${escapeHtml(reply.from)}: ${escapeHtml(reply.text)} <span class="meta">(webhook ${reply.webhook ?? '—'})</span></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>WhatsApp (simulador local)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1.5rem auto;padding:0 1rem;color:#1f2937;background:#f8fafc}
article{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0}
.bubble{background:#dcf8c6;border-radius:.5rem;padding:.75rem;white-space:normal;line-height:1.4}
.meta{color:#4b5563;font-size:.875rem;margin:.25rem 0}code{background:#f3f4f6;padding:0 .25rem;word-break:break-word}
.actions{display:flex;flex-wrap:wrap;gap:.5rem}.actions form{margin:0}
button{font:inherit;padding:.5rem .75rem;background:#15803d;color:#fff;border:0;border-radius:.375rem;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:#1f2937;border:1px solid #9ca3af}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{display:block;font:inherit;padding:.5rem;width:100%;box-sizing:border-box;margin-top:.25rem}</style></head>
<body><h1>WhatsApp — simulador local</h1>
<p>Responde como a Cloud API da Meta (<code>POST /&lt;versão&gt;/&lt;phone-number-id&gt;/messages</code>) e envia os webhooks assinados (<code>X-Hub-Signature-256</code>) de volta à API. Cada mensagem enviada aparece aqui, da mais nova para a mais antiga.</p>
<form method="post" action="/__control/faults" class="actions"><input type="hidden" name="redirect" value="/">
<input type="hidden" name="kind" value="500"><button type="submit" class="secondary">Próximo envio falha (API indisponível)</button></form>
${items || '<p>Nenhuma mensagem enviada ainda.</p>'}
<h2>Respostas enviadas como cliente</h2>
${replyList ? `<ul>${replyList}</ul>` : '<p>Nenhuma resposta ainda.</p>'}
</body></html>`;
}
