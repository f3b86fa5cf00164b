import * as z from 'zod';
import type { Account } from './account.js';
import type { Api } from './api.js';
import type { Cards } from './cards.js';
import { decode, type Reply } from './objects.js';
import type { WebhookQueue } from './webhook-queue.js';

/**
 * `/__control/…`: switches for tests and people, not Asaas's API (the pages' buttons post here too). A payment's steps
 * (pay, overdue, refund, chargeback, any status with its event), payments imported in bulk, what was sent and
 * delivered, failing or duplicated or held webhooks and the paused queue's resume, a failing or slow API, and reset.
 */

const count = z.number().int().min(0).max(1_000);
const webhookSwitches = z.strictObject({
  failNext: count.optional(),
  duplicateNext: count.optional(),
  holdNext: count.optional(),
});
const apiSwitches = z.strictObject({
  failNext: count.optional(),
  status: z.number().int().min(400).max(599).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  /** The failure comes after the request was processed (the answer is lost, not the request). */
  afterProcessing: z.boolean().optional(),
});

export type Simulated = {
  account: Account;
  api: Api;
  webhooks: WebhookQueue;
  log: (line: string) => void;
  cards: Cards;
};

export function handleControl(
  { account, api, webhooks, log, cards }: Simulated,
  method: string,
  path: string,
  body: Record<string, unknown>,
): Reply {
  const { customers, payments } = account;
  const route = `${method} ${path.replace(/\/+$/, '')}`;
  let match: RegExpExecArray | null;
  if (
    (match =
      /^POST \/__control\/payments\/([^/]+)\/(pay|overdue|refund|chargeback|status|deny-refund|restore|age|risk-analysis)$/.exec(
        route,
      ))
  ) {
    const id = decode(match[1]);
    const { pay, overdue, refund, chargeback, denyRefund, restore } = account;
    const actions = {
      pay,
      overdue,
      refund,
      chargeback,
      'deny-refund': denyRefund,
      restore,
      age: (paymentId: string) => account.age(paymentId, body),
      'risk-analysis': (paymentId: string) =>
        account.setStatus(paymentId, { status: 'AWAITING_RISK_ANALYSIS', event: 'PAYMENT_AWAITING_RISK_ANALYSIS' }),
      status: (paymentId: string) => account.setStatus(paymentId, body),
    };
    return actions[match[2] as keyof typeof actions](id);
  }
  // The card page's buttons: Asaas's own payment page approving, refusing or holding the card for risk analysis.
  if (
    (match = /^POST \/__control\/payments\/([^/]+)\/(card-pay|card-refuse|card-risk|risk-approve|risk-reprove)$/.exec(
      route,
    ))
  ) {
    const id = decode(match[1]);
    const actions = {
      'card-pay': cards.approve,
      'card-refuse': cards.refuse,
      'card-risk': cards.holdForRisk,
      'risk-approve': cards.approveRisk,
      'risk-reprove': cards.reproveRisk,
    };
    return actions[match[2] as keyof typeof actions](id);
  }
  if (route === 'GET /__control/payments') return { status: 200, body: [...payments.values()] };
  if (route === 'GET /__control/balance') return { status: 200, body: { balance: account.balance() } };
  if (route === 'POST /__control/balance') return account.setBalance(body);
  if (route === 'POST /__control/payments/import') return account.importPayments(body);
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
  if (route === 'GET /__control/api') return { status: 200, body: api.switches };
  if (route === 'POST /__control/api') {
    const parsed = apiSwitches.safeParse(body);
    if (!parsed.success) return { status: 400, body: { error: z.prettifyError(parsed.error) } };
    Object.assign(api.switches, parsed.data);
    return { status: 200, body: api.switches };
  }
  if (route === 'POST /__control/reset') {
    account.reset();
    api.reset();
    webhooks.reset();
    log('asaas-simulator: reset');
    return { status: 200, body: { reset: true } };
  }
  return { status: 404, body: { error: 'unknown control' } };
}
