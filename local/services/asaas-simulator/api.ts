import type { IncomingMessage } from 'node:http';
import type { Account } from './account.js';
import type { Cards } from './cards.js';
import { apiError, decode, isCalendarDate, type Reply } from './objects.js';

/**
 * Asaas's REST API over the account (`/v3/…`): the `access_token` check, the routes with their JSON bodies, lists paged
 * with offset/limit (≤ 100) and payments filtered by status, reference, customer and date ranges; and the switches
 * that make it fail or answer slowly (`/__control/api`), before or after the request is processed.
 */

/** The payment dates GET /v3/payments filters by range (`[ge]` / `[le]`). */
const PAYMENT_DATE_FILTERS = ['dateCreated', 'paymentDate', 'dueDate'] as const;

const NO_FAILURES = { failNext: 0, status: 503, delayMs: 0, afterProcessing: false };

export type Api = ReturnType<typeof createApi>;

export function createApi(
  account: Account,
  apiKey: string,
  log: (line: string) => void,
  cards: Cards,
  /** More of Asaas's routes served apart (the notas fiscais, invoices.ts): null when the route is not theirs. */
  more?: (method: string, path: string, query: URLSearchParams, body: Record<string, unknown>) => Reply | null,
) {
  const { customers, payments } = account;
  const switches = { ...NO_FAILURES };
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

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

  /**
   * GET /v3/payments: Asaas's equality filters and its date ranges, `<field>[ge]` and `<field>[le]` on the São Paulo
   * calendar dates Asaas keeps (`yyyy-MM-dd`, bounds included). A payment without the date (unpaid, for paymentDate)
   * is outside any range on it. A malformed date is refused, as a typo must not silently widen a list.
   */
  function listPayments(query: URLSearchParams): Reply {
    const ranges: { field: (typeof PAYMENT_DATE_FILTERS)[number]; from?: string; to?: string }[] = [];
    for (const field of PAYMENT_DATE_FILTERS) {
      const from = query.get(`${field}[ge]`) ?? undefined;
      const to = query.get(`${field}[le]`) ?? undefined;
      for (const bound of [from, to]) {
        if (bound !== undefined && !isCalendarDate(bound)) {
          return apiError('invalid_date', `A data informada no filtro ${field} é inválida: use o formato AAAA-MM-DD.`);
        }
      }
      if (from !== undefined || to !== undefined) ranges.push({ field, from, to });
    }
    const matching = filtered(payments.values(), query, ['externalReference', 'customer', 'status', 'billingType']);
    return list(
      matching.filter((payment) =>
        ranges.every(({ field, from, to }) => {
          const date = payment[field];
          return date !== null && (from === undefined || date >= from) && (to === undefined || date <= to);
        }),
      ),
      query,
    );
  }

  async function handleApi(method: string, path: string, query: URLSearchParams, raw: string): Promise<Reply> {
    let body: Record<string, unknown> = {};
    if ((method === 'POST' || method === 'PUT') && raw.trim()) {
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
    if (route === 'POST /v3/customers') return account.createCustomer(body);
    if (route === 'GET /v3/customers') {
      const live = [...customers.values()].filter((customer) => !customer.deleted);
      return list(filtered(live, query, ['externalReference', 'cpfCnpj', 'email', 'name']), query);
    }
    if ((match = /^DELETE \/v3\/customers\/([^/]+)$/.exec(route))) return account.removeCustomer(decode(match[1]));
    if ((match = /^GET \/v3\/customers\/([^/]+)$/.exec(route))) {
      const customer = customers.get(decode(match[1]));
      return customer ? { status: 200, body: customer } : apiError('not_found', 'Cliente não encontrado.', 404);
    }
    if (route === 'POST /v3/payments') return account.createPayment(body);
    if (route === 'GET /v3/payments') return listPayments(query);
    if ((match = /^GET \/v3\/payments\/([^/]+)$/.exec(route))) {
      const payment = payments.get(decode(match[1]));
      return payment ? { status: 200, body: payment } : apiError('not_found', 'Cobrança não encontrada.', 404);
    }
    if ((match = /^GET \/v3\/payments\/([^/]+)\/pixQrCode$/.exec(route))) {
      const payment = payments.get(decode(match[1]));
      if (payment && payment.billingType !== 'PIX') {
        return apiError('invalid_billingType', 'Somente cobranças PIX possuem QR Code.');
      }
      return payment
        ? { status: 200, body: await account.pixQrCode(payment) }
        : apiError('not_found', 'Cobrança não encontrada.', 404);
    }
    if ((match = /^GET \/v3\/payments\/([^/]+)\/identificationField$/.exec(route))) {
      const payment = payments.get(decode(match[1]));
      return payment ? cards.identificationField(payment) : apiError('not_found', 'Cobrança não encontrada.', 404);
    }
    if ((match = /^POST \/v3\/installments\/([^/]+)\/refund$/.exec(route))) {
      return cards.refundInstallment(decode(match[1]));
    }
    if ((match = /^DELETE \/v3\/installments\/([^/]+)$/.exec(route))) return cards.deleteInstallment(decode(match[1]));
    if ((match = /^POST \/v3\/sandbox\/payment\/([^/]+)\/confirm$/.exec(route))) return account.pay(decode(match[1]));
    if ((match = /^DELETE \/v3\/payments\/([^/]+)$/.exec(route))) return account.remove(decode(match[1]));
    if ((match = /^POST \/v3\/payments\/([^/]+)\/refund$/.exec(route)))
      return account.requestRefund(decode(match[1]), body);
    if ((match = /^POST \/v3\/payments\/([^/]+)\/restore$/.exec(route))) return account.restore(decode(match[1]));
    return more?.(method, path, query, body) ?? { status: 404 };
  }

  async function serveApi(request: IncomingMessage, url: URL, raw: string): Promise<Reply> {
    const failing = switches.failNext > 0;
    if (failing) switches.failNext -= 1;
    const failure: Reply = {
      status: switches.status,
      body: { errors: [{ code: 'unavailable', description: 'Simulated' }] },
    };
    if (failing && !switches.afterProcessing) {
      if (switches.delayMs) await wait(switches.delayMs);
      log(`asaas-simulator: ${request.method} ${url.pathname} → ${switches.status} (failNext)`);
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
    } else if (key !== apiKey) {
      reply = apiError('invalid_access_token', 'A chave de API fornecida é inválida', 401);
    } else {
      reply = await handleApi(request.method ?? 'GET', url.pathname, url.searchParams, raw);
    }
    if (switches.delayMs) await wait(switches.delayMs);
    if (failing) {
      log(`asaas-simulator: ${request.method} ${url.pathname} processed, answered ${switches.status} (failNext)`);
      return failure;
    }
    return reply;
  }

  return {
    /** The failure switches, as GET and POST /__control/api show and change them. */
    switches,
    serve: serveApi,
    reset: () => void Object.assign(switches, NO_FAILURES),
    /** Ends the delays in progress, so a slow answer does not hold the server's close. */
    stop(): void {
      for (const entry of timers) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      timers.clear();
    },
  };
}
