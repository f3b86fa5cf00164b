import * as z from 'zod';
import { apiError, brl, decode, saoPaulo, type Payment, type Reply } from './objects.js';

/**
 * Asaas's notas fiscais de serviço (`/v3/invoices`) in the simulator: schedule one for a payment or a whole instalment
 * plan (`installment`), read, list (by payment, installment, reference or status), rewrite a SCHEDULED or ERROR one (PUT), issue it now (`/authorize`) and cancel it
 * (`/cancel`). As Asaas does, a nota answers SCHEDULED and then moves by itself — SYNCHRONIZED (sent to the
 * prefeitura), then AUTHORIZED with its number, PDF and XML — each step an INVOICE_* webhook; a cancellation goes
 * PROCESSING_CANCELLATION, then CANCELED. Switches (`/__control/invoices`) make the next notas fail (ERROR, with the
 * prefeitura's message) or the next cancellations be denied, hold the automatic steps, and move one nota by hand.
 */

export type Invoice = {
  object: 'invoice';
  id: string;
  status: string;
  customer: string;
  payment: string | null;
  installment: string | null;
  type: 'NFS-e';
  statusDescription: string | null;
  serviceDescription: string;
  observations: string | null;
  value: number;
  deductions: number;
  effectiveDate: string;
  municipalServiceCode: string | null;
  municipalServiceName: string | null;
  externalReference: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  number: string | null;
  rpsSerie: string | null;
  rpsNumber: string | null;
  validationCode: string | null;
  taxes: Record<string, unknown>;
  dateCreated: string;
  deleted: boolean;
};

/** The prefeitura's answer the 'Falhar' switch plays (Asaas passes the city's text through as `statusDescription`). */
export const SIMULATED_INVOICE_ERROR = 'Código de serviço municipal não permitido para o prestador (E160).';
export const SIMULATED_CANCELLATION_DENIAL = 'Prazo para cancelamento da NFS-e expirado na prefeitura (E302).';

const invoiceSwitches = z.strictObject({
  /** The next N notas created or issued end in ERROR instead of AUTHORIZED. */
  failNext: z.number().int().min(0).max(1_000).optional(),
  /** The next N cancellations of issued notas are denied by the prefeitura. */
  denyNextCancellation: z.number().int().min(0).max(1_000).optional(),
  /** False holds every nota where it is (SCHEDULED, PROCESSING_CANCELLATION) until moved by hand. */
  autoProgress: z.boolean().optional(),
  /** Milliseconds between one automatic step and the next. */
  stepDelayMs: z.number().int().min(0).max(60_000).optional(),
});

const DEFAULT_SWITCHES = { failNext: 0, denyNextCancellation: 0, autoProgress: true, stepDelayMs: 150 };

/** What the invoices need from the rest of the simulator: its payments, its webhook queue and its address. */
export type InvoiceHost = {
  payments: Map<string, Payment>;
  emit: (event: string, invoice: Invoice, now: Date) => void;
  baseUrl: () => string;
  log: (line: string) => void;
};

export function createInvoices(host: InvoiceHost) {
  const invoices = new Map<string, Invoice>();
  const switches = { ...DEFAULT_SWITCHES };
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;
  let numberSequence = 0;

  const found = (id: string): Invoice | undefined => invoices.get(id);
  const notFound = () => apiError('not_found', 'Nota fiscal não encontrada.', 404);
  const snapshot = (invoice: Invoice): Reply => ({ status: 200, body: structuredClone(invoice) });

  function move(invoice: Invoice, status: string, event: string, extra: Partial<Invoice> = {}): void {
    Object.assign(invoice, { status, ...extra });
    host.log(`asaas-simulator: invoice ${invoice.id} → ${status}`);
    host.emit(event, invoice, new Date());
  }

  function later(step: () => void): void {
    if (!switches.autoProgress) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      step();
    }, switches.stepDelayMs);
    timers.add(timer);
  }

  /** SCHEDULED → SYNCHRONIZED → AUTHORIZED (or ERROR when the 'Falhar' switch is on), one webhook each. */
  function issue(invoice: Invoice): void {
    if (invoice.status !== 'SCHEDULED') return;
    if (switches.failNext > 0) {
      switches.failNext -= 1;
      move(invoice, 'ERROR', 'INVOICE_ERROR', { statusDescription: SIMULATED_INVOICE_ERROR });
      return;
    }
    move(invoice, 'SYNCHRONIZED', 'INVOICE_SYNCHRONIZED', { statusDescription: null });
    later(() => authorize(invoice));
  }

  function authorize(invoice: Invoice): void {
    if (invoice.status !== 'SYNCHRONIZED' && invoice.status !== 'SCHEDULED') return;
    numberSequence += 1;
    const number = String(numberSequence).padStart(6, '0');
    move(invoice, 'AUTHORIZED', 'INVOICE_AUTHORIZED', {
      number,
      rpsSerie: '1',
      rpsNumber: String(numberSequence),
      validationCode: `SIM${number}`,
      statusDescription: null,
      pdfUrl: `${host.baseUrl()}/nf/${encodeURIComponent(invoice.id)}`,
      xmlUrl: `${host.baseUrl()}/nf/${encodeURIComponent(invoice.id)}?xml=1`,
    });
  }

  function settleCancellation(invoice: Invoice): void {
    if (invoice.status !== 'PROCESSING_CANCELLATION') return;
    if (switches.denyNextCancellation > 0) {
      switches.denyNextCancellation -= 1;
      move(invoice, 'CANCELLATION_DENIED', 'INVOICE_CANCELLATION_DENIED', {
        statusDescription: SIMULATED_CANCELLATION_DENIAL,
      });
      return;
    }
    move(invoice, 'CANCELED', 'INVOICE_CANCELED', { statusDescription: null });
  }

  /** The fields POST and PUT take, checked as Asaas checks them (its pt-BR messages). */
  function contentOf(body: Record<string, unknown>): Partial<Invoice> | Reply {
    const description = typeof body.serviceDescription === 'string' ? body.serviceDescription.trim() : '';
    if (!description) return apiError('invalid_serviceDescription', 'Informe a descrição dos serviços.');
    const value = typeof body.value === 'number' ? body.value : Number.NaN;
    if (!(value > 0)) return apiError('invalid_value', 'O valor da nota fiscal deve ser maior que zero.');
    const date = typeof body.effectiveDate === 'string' ? body.effectiveDate : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return apiError('invalid_effectiveDate', 'Informe a data de emissão.');
    const code = typeof body.municipalServiceCode === 'string' ? body.municipalServiceCode : null;
    const id = typeof body.municipalServiceId === 'string' ? body.municipalServiceId : null;
    if (!code && !id) return apiError('invalid_municipalService', 'Informe o serviço municipal da nota fiscal.');
    return {
      serviceDescription: description,
      observations: typeof body.observations === 'string' ? body.observations : null,
      value,
      deductions: typeof body.deductions === 'number' ? body.deductions : 0,
      effectiveDate: date,
      municipalServiceCode: code ?? id,
      municipalServiceName: typeof body.municipalServiceName === 'string' ? body.municipalServiceName : null,
      taxes: body.taxes && typeof body.taxes === 'object' ? (body.taxes as Record<string, unknown>) : {},
    };
  }

  function create(body: Record<string, unknown>): Reply {
    // A nota of a payment, or of a whole instalment plan (Asaas's `installment`: one nota for the sale's value).
    const installment = typeof body.installment === 'string' ? body.installment : null;
    const paymentId = typeof body.payment === 'string' ? body.payment : '';
    const payment = installment
      ? [...host.payments.values()].find((p) => p.installment === installment)
      : host.payments.get(paymentId);
    if (!payment && installment) {
      return apiError('invalid_installment', 'Parcelamento não encontrado para vincular à nota fiscal.');
    }
    if (!payment) return apiError('invalid_payment', 'Cobrança não encontrada para vincular à nota fiscal.');
    const content = contentOf(body);
    if ('status' in content) return content as Reply;
    sequence += 1;
    const invoice: Invoice = {
      object: 'invoice',
      id: `inv_${String(sequence).padStart(12, '0')}`,
      status: 'SCHEDULED',
      customer: payment.customer,
      payment: installment ? null : payment.id,
      installment,
      type: 'NFS-e',
      statusDescription: null,
      serviceDescription: '',
      observations: null,
      value: 0,
      deductions: 0,
      effectiveDate: '',
      municipalServiceCode: null,
      municipalServiceName: null,
      externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
      pdfUrl: null,
      xmlUrl: null,
      number: null,
      rpsSerie: null,
      rpsNumber: null,
      validationCode: null,
      taxes: {},
      dateCreated: saoPaulo(new Date()).date,
      deleted: false,
      ...(content as Partial<Invoice>),
    };
    invoices.set(invoice.id, invoice);
    host.emit('INVOICE_CREATED', invoice, new Date());
    const answer = snapshot(invoice);
    later(() => issue(invoice));
    return answer;
  }

  function update(id: string, body: Record<string, unknown>): Reply {
    const invoice = found(id);
    if (!invoice) return notFound();
    if (invoice.status !== 'SCHEDULED' && invoice.status !== 'ERROR') {
      return apiError('invalid_action', 'Só é possível alterar notas fiscais agendadas ou com erro.');
    }
    const content = contentOf({ ...invoice, ...body });
    if ('status' in content) return content as Reply;
    Object.assign(invoice, content);
    move(invoice, 'SCHEDULED', 'INVOICE_UPDATED', { statusDescription: null });
    return snapshot(invoice);
  }

  function authorizeNow(id: string): Reply {
    const invoice = found(id);
    if (!invoice) return notFound();
    if (invoice.status !== 'SCHEDULED') {
      return apiError('invalid_action', 'Só é possível emitir notas fiscais agendadas.');
    }
    const answer = snapshot(invoice);
    later(() => issue(invoice));
    return answer;
  }

  function cancel(id: string): Reply {
    const invoice = found(id);
    if (!invoice) return notFound();
    if (invoice.status === 'CANCELED' || invoice.status === 'PROCESSING_CANCELLATION') {
      return apiError('invalid_action', 'Esta nota fiscal já está cancelada ou em cancelamento.');
    }
    if (invoice.status === 'SCHEDULED' || invoice.status === 'ERROR') {
      // Never issued: nothing to ask the prefeitura.
      move(invoice, 'CANCELED', 'INVOICE_CANCELED', { statusDescription: null });
      return snapshot(invoice);
    }
    move(invoice, 'PROCESSING_CANCELLATION', 'INVOICE_PROCESSING_CANCELLATION', { statusDescription: null });
    const answer = snapshot(invoice);
    later(() => settleCancellation(invoice));
    return answer;
  }

  function list(query: URLSearchParams): Reply {
    const matching = [...invoices.values()].reverse().filter((invoice) =>
      (['payment', 'installment', 'externalReference', 'status', 'customer'] as const).every((field) => {
        const wanted = query.get(field);
        return wanted === null || invoice[field] === wanted;
      }),
    );
    const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0);
    const limit = Math.min(100, Math.max(1, Number.parseInt(query.get('limit') ?? '10', 10) || 10));
    return {
      status: 200,
      body: {
        object: 'list',
        hasMore: offset + limit < matching.length,
        totalCount: matching.length,
        limit,
        offset,
        data: matching.slice(offset, offset + limit).map((invoice) => structuredClone(invoice)),
      },
    };
  }

  /** `/v3/invoices…`: null when the route is not an invoice route. */
  function serveApi(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): Reply | null {
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    let match: RegExpExecArray | null;
    if (route === 'POST /v3/invoices') return create(body);
    if (route === 'GET /v3/invoices') return list(query);
    if ((match = /^GET \/v3\/invoices\/([^/]+)$/.exec(route))) {
      const invoice = found(decode(match[1]));
      return invoice ? snapshot(invoice) : notFound();
    }
    if ((match = /^PUT \/v3\/invoices\/([^/]+)$/.exec(route))) return update(decode(match[1]), body);
    if ((match = /^POST \/v3\/invoices\/([^/]+)\/authorize$/.exec(route))) return authorizeNow(decode(match[1]));
    if ((match = /^POST \/v3\/invoices\/([^/]+)\/cancel$/.exec(route))) return cancel(decode(match[1]));
    return null;
  }

  /** `/__control/invoices…`: the switches, and one nota moved by hand (the page's buttons). */
  function serveControl(method: string, path: string, body: Record<string, unknown>): Reply | null {
    const route = `${method} ${path.replace(/\/+$/, '')}`;
    if (route === 'GET /__control/invoices') {
      return { status: 200, body: { switches, invoices: [...invoices.values()] } };
    }
    if (route === 'POST /__control/invoices') {
      const parsed = invoiceSwitches.safeParse(body);
      if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
      Object.assign(switches, parsed.data);
      return { status: 200, body: { switches } };
    }
    if (route === 'POST /__control/invoices/fail-next') {
      switches.failNext += 1;
      return { status: 200, body: { switches } };
    }
    const match = /^POST \/__control\/invoices\/([^/]+)\/(fail|authorize|deny-cancellation|settle-cancellation)$/.exec(
      route,
    );
    if (!match) return null;
    const invoice = found(decode(match[1]));
    if (!invoice) return notFound();
    const action = match[2];
    if (action === 'fail') {
      if (!['SCHEDULED', 'SYNCHRONIZED'].includes(invoice.status)) {
        return apiError('invalid_action', 'Só uma nota ainda não emitida pode falhar.');
      }
      move(invoice, 'ERROR', 'INVOICE_ERROR', { statusDescription: SIMULATED_INVOICE_ERROR });
    } else if (action === 'authorize') {
      if (!['SCHEDULED', 'SYNCHRONIZED'].includes(invoice.status)) {
        return apiError('invalid_action', 'Só uma nota agendada pode ser emitida.');
      }
      authorize(invoice);
    } else if (action === 'deny-cancellation') {
      if (invoice.status !== 'PROCESSING_CANCELLATION') {
        return apiError('invalid_action', 'Só um cancelamento em andamento pode ser negado.');
      }
      switches.denyNextCancellation += 1;
      settleCancellation(invoice);
    } else {
      settleCancellation(invoice);
    }
    return snapshot(invoice);
  }

  /** The DANFSE a nota's `pdfUrl` opens (a page standing in for Asaas's PDF). */
  function document(id: string): string | null {
    const invoice = found(id);
    if (!invoice || (invoice.status !== 'AUTHORIZED' && invoice.status !== 'CANCELLATION_DENIED')) return null;
    return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>NFS-e nº ${invoice.number}</title>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto">
<h1>Nota Fiscal de Serviço Eletrônica nº ${invoice.number}</h1>
<p>Documento simulado pelo substituto local do Asaas: não tem valor fiscal.</p>
<p>Serviço: ${escapeHtml(invoice.serviceDescription)}</p>
<p>Valor: ${brl.format(invoice.value)} — emitida em ${invoice.effectiveDate} — código ${invoice.municipalServiceCode ?? '-'}</p>
</body></html>`;
  }

  /** The notas on the simulator's page, with the buttons that drive them. */
  function section(redirect: string): string {
    if (invoices.size === 0) return '';
    const button = (invoice: Invoice, action: string, label: string) =>
      `<form method="post" action="/__control/invoices/${encodeURIComponent(invoice.id)}/${action}">` +
      `<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">` +
      `<button type="submit" class="secondary">${label}</button></form>`;
    const rows = [...invoices.values()]
      .reverse()
      .map((invoice) => {
        const actions = [
          ...(['SCHEDULED', 'SYNCHRONIZED'].includes(invoice.status)
            ? [button(invoice, 'authorize', 'Emitir'), button(invoice, 'fail', 'Falhar')]
            : []),
          ...(invoice.status === 'PROCESSING_CANCELLATION'
            ? [
                button(invoice, 'settle-cancellation', 'Cancelar'),
                button(invoice, 'deny-cancellation', 'Negar cancelamento'),
              ]
            : []),
        ];
        return `<tr><td><code>${escapeHtml(invoice.id)}</code></td><td><code>${escapeHtml(invoice.payment ?? '-')}</code></td>
<td class="money">${escapeHtml(brl.format(invoice.value))}</td><td>${escapeHtml(invoice.number ?? '-')}</td>
<td><span class="status">${escapeHtml(invoice.status)}</span>${invoice.statusDescription ? ` <small>${escapeHtml(invoice.statusDescription)}</small>` : ''}</td>
<td class="actions">${actions.join('')}</td></tr>`;
      })
      .join('\n');
    const failing = `<form method="post" action="/__control/invoices/fail-next"><input type="hidden" name="redirect" value="${escapeHtml(redirect)}"><button type="submit" class="secondary">Próxima nota falha</button></form>`;
    return `<section class="card"><h2>Notas fiscais</h2>
<table><thead><tr><th>Nota</th><th>Cobrança</th><th>Valor</th><th>Número</th><th>Situação</th><th></th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">${failing}</p>
</section>`;
  }

  return {
    invoices,
    switches,
    serveApi,
    serveControl,
    document,
    section,
    reset(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      invoices.clear();
      Object.assign(switches, DEFAULT_SWITCHES);
      sequence = 0;
      numberSequence = 0;
    },
    stop(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
