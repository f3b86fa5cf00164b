import type { Account } from './account.js';
import type { Cards } from './cards.js';
import { brl, PAYABLE, REFUNDABLE, REFUNDING, type Payment } from './objects.js';
import { MAX_CONSECUTIVE_FAILURES, type WebhookQueue } from './webhook-queue.js';

/**
 * The simulator's own pt-BR pages, for a person paying by hand: `/` lists the payments with a 'Pagar' button each,
 * `/i/<id>` is a payment's page (its invoiceUrl) with the QR code and copia e cola. Their buttons post to
 * `/__control/…`.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const formatDate = (isoDate: string | null) =>
  isoDate ? `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}` : '-';

const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Aguardando pagamento',
  OVERDUE: 'Vencida',
  RECEIVED: 'Recebida',
  CONFIRMED: 'Confirmada',
  REFUNDED: 'Estornada',
  REFUND_IN_PROGRESS: 'Estorno em andamento',
  REFUND_REQUESTED: 'Estorno solicitado',
  AWAITING_RISK_ANALYSIS: 'Em análise de risco',
  CHARGEBACK_REQUESTED: 'Chargeback solicitado',
  DELETED: 'Removida',
};

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
  input { font: inherit; padding: 5px 8px; border: 1px solid #d1d5db; border-radius: 6px; width: 9em; margin: 0 6px; }
  td.actions form { margin-bottom: 4px; }
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

type PaymentAction =
  | 'pay'
  | 'overdue'
  | 'refund'
  | 'chargeback'
  | 'deny-refund'
  | 'restore'
  | 'risk-analysis'
  | 'age'
  | 'card-pay'
  | 'card-refuse'
  | 'card-risk'
  | 'risk-approve'
  | 'risk-reprove';

function actionButton(payment: Payment, action: PaymentAction, redirect: string): string {
  const labels: Record<PaymentAction, string> = {
    pay: 'Pagar',
    overdue: 'Vencer',
    refund: 'Estornar',
    chargeback: 'Chargeback',
    'deny-refund': 'Negar estorno',
    restore: 'Restaurar',
    'risk-analysis': 'Análise de risco',
    age: 'Pago há 91 dias',
    'card-pay': 'Pagar com cartão',
    'card-refuse': 'Cartão recusado',
    'card-risk': 'Enviar para análise de risco',
    'risk-approve': 'Aprovar análise',
    'risk-reprove': 'Reprovar análise',
  };
  const style = action === 'pay' || action === 'card-pay' ? '' : ' class="secondary"';
  return (
    `<form method="post" action="/__control/payments/${encodeURIComponent(payment.id)}/${action}">` +
    `<input type="hidden" name="redirect" value="${escapeHtml(redirect)}">` +
    `<button type="submit"${style}>${labels[action]}</button></form>`
  );
}

function actionsFor(payment: Payment, redirect: string): string {
  const actions: string[] = [];
  if (payment.deleted) return `<span class="status">Removida</span> ${actionButton(payment, 'restore', redirect)}`;
  const card = payment.billingType === 'CREDIT_CARD';
  // A card is paid on its page as a whole plan; only its first instalment (or a single payment) carries the buttons.
  if (card && PAYABLE.has(payment.status) && (payment.installmentNumber ?? 1) === 1) {
    actions.push(...(['card-pay', 'card-refuse', 'card-risk'] as const).map((a) => actionButton(payment, a, redirect)));
  }
  if (card && payment.status === 'AWAITING_RISK_ANALYSIS' && (payment.installmentNumber ?? 1) === 1) {
    actions.push(actionButton(payment, 'risk-approve', redirect), actionButton(payment, 'risk-reprove', redirect));
  }
  if (!card && PAYABLE.has(payment.status)) actions.push(actionButton(payment, 'pay', redirect));
  if (payment.status === 'PENDING') {
    actions.push(actionButton(payment, 'overdue', redirect));
    if (!card) actions.push(actionButton(payment, 'risk-analysis', redirect));
  }
  if (REFUNDABLE.has(payment.status) || REFUNDING.has(payment.status)) {
    actions.push(actionButton(payment, 'refund', redirect));
  }
  if (REFUNDING.has(payment.status)) actions.push(actionButton(payment, 'deny-refund', redirect));
  if (REFUNDABLE.has(payment.status)) {
    actions.push(actionButton(payment, 'chargeback', redirect), actionButton(payment, 'age', redirect));
  }
  return actions.join('');
}

const statusBadge = (status: string) =>
  `<span class="status status-${escapeHtml(status)}">${escapeHtml(STATUS_LABELS[status] ?? status)}</span>`;

export function listPage(account: Account, webhooks: WebhookQueue): string {
  const { customers, payments } = account;
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
${balanceCard(account.balance())}
<section class="card"><h2>Cobranças</h2>
${table}
</section>
<section class="card muted">${queue}</section>`,
  );
}

/**
 * The account's balance, which refunds draw on: 'Definir saldo' sets it (0 makes every refund refused, as Asaas does
 * without balance); empty = unlimited.
 */
function balanceCard(balance: number | null): string {
  const shown = balance === null ? 'ilimitado' : brl.format(balance);
  const value = balance === null ? '' : String(balance);
  return `<section class="card"><h2>Saldo da conta</h2>
<p>Saldo disponível para estornos: <strong data-testid="saldo">${escapeHtml(shown)}</strong>. Sem saldo suficiente, o estorno é recusado como no Asaas.</p>
<form method="post" action="/__control/balance"><input type="hidden" name="redirect" value="/">
<label>Novo saldo (R$) <input name="value" inputmode="decimal" value="${escapeHtml(value)}" placeholder="ilimitado"></label>
<button type="submit">Definir saldo</button></form>
</section>`;
}

const BILLING_LABELS: Record<string, string> = { PIX: 'PIX', CREDIT_CARD: 'Cartão de crédito', BOLETO: 'Boleto' };

/**
 * Asaas's own card page: the plan, and the buttons a card's life takes (approve, refuse, risk analysis). No card
 * number is asked: this stands in for the page that keeps it away from the product. After paying, a link back to the
 * product's `callback.successUrl`.
 */
function cardSection(account: Account, payment: Payment, cards: Cards, redirect: string): string {
  const plan = cards.planOf(payment);
  const rows = plan
    .map(
      (p) =>
        `<tr><td>${p.installmentNumber ?? 1}ª</td><td class="money">${escapeHtml(brl.format(p.value))}</td>` +
        `<td>${escapeHtml(formatDate(p.dueDate))}</td><td>${statusBadge(p.status)}</td></tr>`,
    )
    .join('');
  const back = account.successUrl(payment.id);
  const paid = plan.every((p) => REFUNDABLE.has(p.status));
  const backLink =
    back && paid
      ? `<p><strong>Pagamento aprovado.</strong> <a href="${escapeHtml(back)}">Voltar para o site da loja</a></p>`
      : '';
  return `<section class="card"><h2>Pagamento com cartão em ${plan.length}×</h2>
<table><thead><tr><th>Parcela</th><th>Valor</th><th>Vencimento</th><th>Situação</th></tr></thead><tbody>${rows}</tbody></table>
${backLink}
<p>${actionsFor(payment, redirect)}</p>
<p class="muted">Os dados do cartão ficam só nesta página do Asaas; o simulador não pede número de cartão.</p>
</section>`;
}

function boletoSection(payment: Payment, redirect: string): string {
  return `<section class="card"><h2>Boleto</h2>
<p>Nosso número <code>${escapeHtml(payment.nossoNumero ?? '-')}</code> · <a href="${escapeHtml(payment.bankSlipUrl ?? '#')}">Baixar PDF do boleto</a></p>
<p>${statusBadge(payment.status)} ${actionsFor(payment, redirect)}</p>
</section>`;
}

export async function invoicePage(account: Account, payment: Payment, cards: Cards): Promise<string> {
  const customer = account.customers.get(payment.customer);
  const redirect = `/i/${encodeURIComponent(payment.id)}`;
  let pix = '';
  if (payment.billingType === 'CREDIT_CARD') {
    pix = cardSection(account, payment, cards, redirect);
  } else if (payment.billingType === 'BOLETO') {
    pix = boletoSection(payment, redirect);
  } else if (PAYABLE.has(payment.status)) {
    const qr = await account.pixQrCode(payment);
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
<section class="card"><h2>Cobrança ${escapeHtml(BILLING_LABELS[payment.billingType] ?? payment.billingType)} ${escapeHtml(payment.invoiceNumber)}</h2>
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

export const errorPage = (message: string, back: string) =>
  page(
    'Erro — Asaas (simulador local)',
    `<section class="card"><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Voltar</a></p></section>`,
  );
