import { CONTRACT_PRICE, FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from './pricing.js';
import { REFUND_BUSINESS_DAYS } from './deadlines.js';

/**
 * How a customer pays, and what each way costs (docs/decisions.md, "Paying by card and by boleto"). The one
 * vocabulary of a charge's method: the payment screen offers the first three, the finance screens, the CSV, the case
 * file and the live push read all four.
 */
export const CHECKOUT_METHODS = ['pix', 'cartao', 'boleto'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** 'manual': the money arrived outside Asaas and an admin recorded it ('Marcar pago'), or Asaas's cash receipt. */
export const PAYMENT_METHODS = [...CHECKOUT_METHODS, 'manual'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pix: 'PIX',
  cartao: 'Cartão de crédito',
  boleto: 'Boleto',
  manual: 'Manual',
};

/** The finance row's badge for a payment an admin recorded. */
export const MANUAL_PAYMENT_BADGE = 'Manual (registrado pela equipe)';

/**
 * What each method adds to the contract's value, in reais. PIX keeps the contract's price (the spec's 'Pagamento único
 * via PIX com desconto especial'); a boleto costs a little more (it clears in 1–3 business days, many are never paid,
 * and Asaas charges it like a PIX); the card covers Asaas's card fees up to 12 instalments and the wait for money
 * credited month by month, with no interest on top of it.
 */
export const METHOD_SURCHARGE: Record<CheckoutMethod, number> = { pix: 0, boleto: 20, cartao: 50 };

/** Asaas takes up to 12 instalments on every card brand (21 only on Visa and Mastercard). */
export const MAX_INSTALMENTS = 12;

/** Days a boleto stays payable; an overdue one is replaced by a new one. */
export const BOLETO_DUE_DAYS = 3;

/** The price of a contract of `contractValue` paid by `method` (renewal discounts apply to every method alike). */
export function methodPrice(contractValue: number, method: CheckoutMethod): number {
  return Math.round((contractValue + METHOD_SURCHARGE[method]) * 100) / 100;
}

/** Asaas: a card refund may take up to 10 business days to show on the card's statement, as the issuer posts it. */
export const CARD_REFUND_BUSINESS_DAYS = 10;

/**
 * Where a withdrawal's money goes, by the method it was paid with, as the settlement does it
 * (charge-settlement-service.ts) and as contract clause 7 and the FAQ say it (docs/decisions.md, Refund words by
 * method): a PIX back to the account it came from; a card plan refunded whole to the same card (POST
 * /installments/{id}/refund, every instalment); a boleto, which no bank reverses, by a transfer to the account the
 * payer names (Asaas's refund of it, or the team's manual refund when Asaas refuses).
 */
export const REFUND_ROUTES: Record<
  CheckoutMethod,
  { paidWith: string; goesBack: string; destination: string; businessDays: number }
> = {
  pix: {
    paidWith: 'por PIX',
    goesBack: 'é devolvido pelo PIX à conta de origem',
    destination: 'a conta de origem do PIX',
    businessDays: REFUND_BUSINESS_DAYS,
  },
  cartao: {
    paidWith: 'no cartão de crédito',
    goesBack: 'é estornado no mesmo cartão, com todas as parcelas, e aparece na fatura',
    destination: 'o mesmo cartão de crédito (todas as parcelas)',
    businessDays: CARD_REFUND_BUSINESS_DAYS,
  },
  boleto: {
    paidWith: 'por boleto',
    goesBack: 'é devolvido por transferência bancária à conta indicada pelo pagador',
    destination: 'a conta bancária indicada pelo pagador (por transferência)',
    businessDays: REFUND_BUSINESS_DAYS,
  },
};

/**
 * The route of a refunded charge's money. Money recorded by hand (outside Asaas) has no payment to reverse: the team
 * returns it by bank transfer, as a boleto's.
 */
export function refundRoute(method: PaymentMethod): (typeof REFUND_ROUTES)[CheckoutMethod] {
  return REFUND_ROUTES[method === 'manual' ? 'boleto' : method];
}

/** 'o valor volta para a conta de origem do PIX em até 7 dias úteis', for the method of the charge refunded. */
export function refundReturnClause(method: PaymentMethod): string {
  const route = refundRoute(method);
  return `o valor volta para ${route.destination} em até ${route.businessDays} dias úteis`;
}

/**
 * 'o valor pago por PIX é devolvido pelo PIX à conta de origem em até 7 dias úteis; o valor pago no cartão…', one
 * clause per method; `days` writes the number of days (the contract spells it out: '7 (sete)').
 */
export function refundRoutesSentence(days: (count: number) => string = String): string {
  return CHECKOUT_METHODS.map((method) => {
    const route = REFUND_ROUTES[method];
    return `o valor pago ${route.paidWith} ${route.goesBack} em até ${days(route.businessDays)} dias úteis`;
  }).join('; ');
}

/** The list price of each method, as the landing page and the contract's clause 4 show it. */
export const LIST_PRICES: Record<CheckoutMethod, number> = {
  pix: methodPrice(CONTRACT_PRICE, 'pix'),
  boleto: methodPrice(CONTRACT_PRICE, 'boleto'),
  cartao: methodPrice(CONTRACT_PRICE, 'cartao'),
};

export function isInstalmentCount(count: unknown): count is number {
  return typeof count === 'number' && Number.isInteger(count) && count >= 1 && count <= MAX_INSTALMENTS;
}

/**
 * The value of each instalment of `total` in `count`, in reais, adding up to the total to the centavo: the leftover
 * centavos go one each to the first instalments, so no two differ by more than R$ 0,01.
 */
export function instalmentValues(total: number, count: number): number[] {
  const cents = Math.round(total * 100);
  const base = Math.floor(cents / count);
  const extra = cents - base * count;
  return Array.from({ length: count }, (_, index) => (base + (index < extra ? 1 : 0)) / 100);
}

/**
 * '3× de R$ 149,67' when every instalment is the same, '6× de R$ 74,83 a R$ 74,84' when a centavo differs (never a
 * rounded figure that does not add up to the total), 'à vista' for one.
 */
export function instalmentLabel(total: number, count: number): string {
  if (count === 1) return `1× de ${formatBRL(total)} (à vista)`;
  const values = instalmentValues(total, count);
  const [high, low] = [values[0]!, values[count - 1]!];
  return high === low ? `${count}× de ${formatBRL(high)}` : `${count}× de ${formatBRL(low)} a ${formatBRL(high)}`;
}

/** The method of a stored charge: manual when the money came outside Asaas, else the method chosen (PIX before). */
export function chargeMethod(charge: { forma?: string | null; pagamento_manual?: unknown; status?: string }) {
  if (charge.pagamento_manual || charge.status === 'RECEIVED_IN_CASH') return 'manual' as const;
  return chargeCheckoutMethod(charge);
}

/** The method a charge was created for (its `forma`; PIX before card and boleto existed), whatever paid it later. */
export function chargeCheckoutMethod(charge: { forma?: string | null }): CheckoutMethod {
  return (CHECKOUT_METHODS as readonly string[]).includes(charge.forma ?? '')
    ? (charge.forma as CheckoutMethod)
    : 'pix';
}

/**
 * The line of the customer's history and of the admin's case file for a charge created: the spec's 'PIX gerado' for a
 * PIX, and what was really made for a card or a boleto (neither is a PIX).
 */
export const CHARGE_CREATED_TITLES: Record<CheckoutMethod, string> = {
  pix: 'PIX gerado',
  cartao: 'Cobrança no cartão gerada',
  boleto: 'Boleto gerado',
};

export const chargeCreatedTitle = (charge: { forma?: string | null }): string =>
  CHARGE_CREATED_TITLES[chargeCheckoutMethod(charge)];

export function paymentMethodLabel(charge: Parameters<typeof chargeMethod>[0]): string {
  return PAYMENT_METHOD_LABELS[chargeMethod(charge)];
}

/** Clause 4 and the landing: 'R$ 399,00 por PIX, R$ 419,00 por boleto ou R$ 449,00 no cartão em até 12×'. */
export function priceSentence(): string {
  return (
    `${formatBRL(LIST_PRICES.pix)} por PIX, ${formatBRL(LIST_PRICES.boleto)} por boleto ou ` +
    `${formatBRL(LIST_PRICES.cartao)} no cartão de crédito em até ${MAX_INSTALMENTS}× sem juros ` +
    `(${instalmentLabel(LIST_PRICES.cartao, MAX_INSTALMENTS)})`
  );
}

/** The payment screen's and the server's words for choosing how to pay (the spec names only the PIX's). */
export const CHECKOUT_MESSAGES = {
  chooseTitle: 'Como você prefere pagar?',
  cardOption: `Cartão de crédito em até ${MAX_INSTALMENTS}× sem juros`,
  boletoOption: 'Boleto bancário',
  instalmentsLabel: 'Número de parcelas',
  payByCard: 'Pagar com cartão',
  generateBoleto: 'Gerar boleto',
  changeMethod: 'Escolher outra forma de pagamento',
  invalidMethod: 'Forma de pagamento inválida. Escolha PIX, cartão de crédito ou boleto.',
  invalidInstalments: `O número de parcelas deve ser de 1 a ${MAX_INSTALMENTS}.`,
  instalmentsCardOnly: 'O parcelamento só está disponível no cartão de crédito.',
  cannotReplace:
    'Seu pagamento já está sendo processado e não pode ser trocado agora. Aguarde a confirmação ou fale com o suporte.',
  cardPlanTitle: 'Pagamento com cartão de crédito',
  cardHostedNote:
    'Você vai digitar os dados do cartão na página segura do Asaas, nosso intermediador de pagamentos: o número do cartão nunca passa por este site.',
  cardOpen: 'Abrir a página de pagamento do cartão',
  cardRefused:
    'O pagamento com cartão foi recusado pela operadora. Tente outro cartão ou escolha outra forma de pagamento.',
  cardReproved:
    'O pagamento com cartão não foi aprovado na análise de segurança do Asaas. Nada foi cobrado: escolha outra forma de pagamento.',
  cardInAnalysis:
    'Seu pagamento com cartão está em análise de segurança pelo Asaas. Avisaremos assim que for aprovado.',
  boletoTitle: 'Boleto bancário',
  boletoLineLabel: 'Linha digitável',
  boletoCopy: 'Copiar linha digitável',
  boletoCopied: 'Linha digitável copiada.',
  boletoPdf: 'Baixar boleto (PDF)',
  boletoClearing: 'O boleto é compensado em até 3 dias úteis depois de pago; a confirmação chega a esta tela sozinha.',
  boletoOverdue: 'Este boleto venceu. Gere um novo boleto ou escolha outra forma de pagamento.',
  boletoGenerateAgain: 'Gerar novo boleto',
  instalmentStatusTitle: 'Parcelas',
} as const;

/** The value Asaas shows on the charge's payment: a card plan's first instalment, else the whole charge. */
export function expectedAsaasValue(charge: { valor?: number | null; parcelas?: number | null }): number | null {
  if (typeof charge.valor !== 'number') return null;
  return charge.parcelas && charge.parcelas > 1 ? instalmentValues(charge.valor, charge.parcelas)[0]! : charge.valor;
}

/**
 * The payment screen's header for a card or a boleto charge: its own value and how it is paid. The contract's value
 * and the spec's PIX sentence ('Pagamento único via PIX com desconto especial') would tell a customer who pays R$ 449,00
 * by card in 3× that they pay R$ 399,00 by PIX. Null for a PIX (or no charge): the screen keeps the spec's header.
 */
export function chargeHeading(
  charge: Parameters<typeof chargeMethod>[0] & { valor?: number | null; parcelas?: number | null },
): { value: number; sentence: string } | null {
  if (typeof charge.valor !== 'number') return null;
  const method = chargeMethod(charge);
  if (method === 'cartao') {
    return {
      value: charge.valor,
      sentence: `${PAYMENT_METHOD_LABELS.cartao}: ${instalmentLabel(charge.valor, charge.parcelas ?? 1)}`,
    };
  }
  return method === 'boleto' ? { value: charge.valor, sentence: CHECKOUT_MESSAGES.boletoTitle } : null;
}

/** What the contract card says of a free renewal's payment: there is none. */
export const FREE_RENEWAL_METHOD_LABEL = 'Gratuito';

/**
 * The signed contract card's 'Valor' and 'Forma de pagamento': the sale as it is being made. A card or boleto charge
 * costs more than the contract's PIX price and is paid another way, so the card reads them from the charge; before any
 * charge (and for a PIX) the contract's price by PIX, as the spec shows; a free renewal pays nothing.
 */
export function contractSaleFacts(
  contract: { valor: number; forma_pagamento?: string | null },
  charge: (Parameters<typeof chargeHeading>[0] & { valor?: number | null }) | null,
): { value: number; method: string } {
  if (contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD) {
    return { value: contract.valor, method: FREE_RENEWAL_METHOD_LABEL };
  }
  if (!charge) return { value: contract.valor, method: PAYMENT_METHOD_LABELS.pix };
  const heading = chargeHeading(charge);
  return heading
    ? { value: heading.value, method: heading.sentence }
    : { value: charge.valor ?? contract.valor, method: paymentMethodLabel(charge) };
}
