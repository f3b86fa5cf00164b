import { describe, expect, it } from 'vitest';
import {
  dashboardJourney,
  moneySentence,
  paymentView,
  processJourney,
  statusBadgeLabel,
  type ProcessJourney,
} from '../../../domain/process-journey.js';
import { nadaConstaAvailability } from '../../../domain/nada-consta-availability.js';
import { renewalWayForward, type RenewalBlock } from '../../../domain/renewals.js';
import type { Dashboard } from '../../../domain/schemas/dashboard.js';
import type { Charge, Contract, Process, Profile, StatusHistory } from '../../../domain/schemas/entities.js';

const SIGNED = '2026-11-02T13:00:00.000Z';
const PAID = '2026-11-03T15:00:00.000Z';

const contract = (over: Partial<Contract> = {}): Contract => ({
  id: 'c1',
  profile_id: 'p1',
  protocolo: 'LM20261102-0001',
  valor: 399,
  forma_pagamento: 'pix',
  assinado_em: SIGNED,
  ip_assinatura: null,
  geo_assinatura: null,
  parent_contrato_id: null,
  cancelado_em: null,
  created_at: '2026-11-02T12:00:00.000Z',
  ...over,
});
const process = (over: Partial<Process> = {}): Process => ({
  id: 'pr1',
  contrato_id: 'c1',
  status: 'pago',
  previsao: '2026-11-12T12:00:00.000Z',
  observacoes: null,
  baixa_deferida_em: null,
  baixa_caiu_em: null,
  created_at: '2026-11-02T12:00:00.000Z',
  updated_at: PAID,
  ...over,
});
const charge = (over: Partial<Charge> = {}): Charge => ({
  id: 'ch1',
  contrato_id: 'c1',
  status: 'RECEIVED',
  qr_code: 'qr',
  pix_payload: '000201…',
  link: null,
  asaas_id: 'pay_1',
  fb_event_id: null,
  valor: 399,
  pix_valido_ate: null,
  paid_at: PAID,
  created_at: '2026-11-02T13:05:00.000Z',
  updated_at: PAID,
  ...over,
});
const change = (de: string | null, para: string, created_at: string, obs: string | null = null): StatusHistory => ({
  processo_id: 'pr1',
  de,
  para,
  obs,
  by_user: 'sistema',
  created_at,
});
const PAID_HISTORY = [change('cadastro', 'pagamento_pendente', SIGNED), change('pagamento_pendente', 'pago', PAID)];

const titles = (journey: ProcessJourney) => journey.steps.map((step) => step.title);
const stateOf = (journey: ProcessJourney, title: string) => journey.steps.find((s) => s.title === title)?.state;
const current = (journey: ProcessJourney) => journey.steps.filter((s) => s.current).map((s) => s.title);

describe('the dashboard timeline follows the path the process took', () => {
  it('a new account: the sign-up is done, the planned path is ahead, and no fall or closing is promised', () => {
    const dashboard = { profile: null, contracts: [], charges: [], processes: [], history: [] } as unknown as Dashboard;
    const journey = dashboardJourney(dashboard);
    expect(journey.steps[0]).toMatchObject({ title: 'Cadastro Realizado', state: 'done', current: true });
    expect(journey.steps.slice(1).every((step) => step.state === 'upcoming')).toBe(true);
    expect(titles(journey)).not.toContain('Baixa Caiu');
    expect(titles(journey)).not.toContain('Encerrado');
    expect(journey.outcome).toBeNull();
  });

  it('a paid process: done up to the payment, with its dates; the kit and the filing ahead, no date yet', () => {
    const journey = processJourney({
      process: process(),
      contract: contract(),
      charge: charge(),
      history: PAID_HISTORY,
    });
    expect(titles(journey)).toEqual([
      'Cadastro Realizado',
      'Contrato Assinado',
      'PIX Gerado',
      'Pagamento Confirmado',
      'Em Análise',
      'Peticionado',
      'Baixa Deferida',
    ]);
    expect(current(journey)).toEqual(['Pagamento Confirmado']);
    expect(journey.steps.find((s) => s.key === 'pago')?.at).toBe(PAID);
    expect(stateOf(journey, 'Peticionado')).toBe('upcoming');
    // The 7 business days count from the filing kit's approval: no date is promised before it.
    expect(journey.forecast).toBeNull();
    expect(journey.forecastNote).toMatch(/começa quando todos os seus documentos forem aprovados/);
    expect(journey.outcome).toBeNull();
  });

  it('a free renewal skips the PIX step', () => {
    const journey = processJourney({
      process: process(),
      contract: contract({ forma_pagamento: 'gratuito' }),
      charge: null,
      history: [],
    });
    expect(titles(journey)).not.toContain('PIX Gerado');
    expect(titles(journey)).not.toContain('Pagamento Pendente');
  });

  it('paid → cancelled → refund requested: no march to the end, the refund in progress with amount and date', () => {
    const cancelledAt = '2026-11-04T18:00:00.000Z';
    const journey = processJourney({
      process: process({ status: 'encerrado', updated_at: cancelledAt }),
      contract: contract({ cancelado_em: cancelledAt }),
      charge: charge({ status: 'REFUND_REQUESTED', updated_at: cancelledAt }),
      history: [...PAID_HISTORY, change('pago', 'encerrado', cancelledAt, 'Cancelado a pedido do cliente')],
    });
    expect(titles(journey)).toEqual([
      'Cadastro Realizado',
      'Contrato Assinado',
      'PIX Gerado',
      'Pagamento Confirmado',
      'Contrato cancelado',
      'Estorno solicitado',
      'Valor estornado',
    ]);
    expect(stateOf(journey, 'Estorno solicitado')).toBe('current');
    expect(stateOf(journey, 'Valor estornado')).toBe('upcoming');
    expect(current(journey)).toEqual(['Estorno solicitado']);
    expect(journey.steps.find((s) => s.key === 'cancelado')?.detail).toBe('Cancelado a pedido do cliente');
    expect(journey.forecast).toBeNull();
    expect(journey.outcome).toMatchObject({ title: 'Contrato cancelado', tone: 'info' });
    expect(journey.outcome?.description).toContain('04/11/2026');
    expect(journey.outcome?.description).toContain('Motivo: Cancelado a pedido do cliente.');
    expect(journey.outcome?.description).toContain('o pedido de baixa não será protocolado');
    expect(journey.outcome?.money).toContain('Estorno de R$ 399,00 solicitado em 04/11/2026');
  });

  it('refunded: the refund is done, with its date', () => {
    const journey = processJourney({
      process: process({ status: 'encerrado' }),
      contract: contract({ cancelado_em: '2026-11-04T18:00:00.000Z' }),
      charge: charge({ status: 'REFUNDED', updated_at: '2026-11-06T12:00:00.000Z' }),
      history: PAID_HISTORY,
    });
    expect(titles(journey).slice(-2)).toEqual(['Contrato cancelado', 'Valor estornado']);
    expect(journey.steps.at(-1)).toMatchObject({ state: 'done', current: true, at: '2026-11-06T12:00:00.000Z' });
    expect(journey.outcome?.money).toBe('R$ 399,00 estornados em 06/11/2026 para a conta de origem do PIX.');
    expect(journey.outcome?.actions).toContainEqual({ kind: 'page', to: '/app/pagamento', label: 'Ver pagamento' });
  });

  it.each([
    ['cartao', 449, 'R$ 449,00 estornados em 06/11/2026 para o mesmo cartão de crédito (todas as parcelas).'],
    [
      'boleto',
      419,
      'R$ 419,00 estornados em 06/11/2026 para a conta bancária indicada pelo pagador (por transferência).',
    ],
  ] as const)('refunded: a %s charge says where its own money went back', (forma, valor, sentence) => {
    const journey = processJourney({
      process: process({ status: 'encerrado' }),
      contract: contract({ cancelado_em: '2026-11-04T18:00:00.000Z' }),
      charge: charge({ status: 'REFUNDED', forma, valor, updated_at: '2026-11-06T12:00:00.000Z' }),
      history: PAID_HISTORY,
    });
    expect(journey.money).toMatchObject({ kind: 'refunded', method: forma });
    expect(journey.outcome?.money).toBe(sentence);
    expect(journey.outcome?.money).not.toContain('PIX');
  });

  it("an admin's refund after the filing does not say the petition will not be filed", () => {
    const journey = processJourney({
      process: process({ status: 'encerrado' }),
      contract: contract({ cancelado_em: '2026-11-20T18:00:00.000Z' }),
      charge: charge({ status: 'REFUND_REQUESTED' }),
      history: [
        ...PAID_HISTORY,
        change('pago', 'peticionado', '2026-11-10T10:00:00.000Z'),
        change('peticionado', 'encerrado', '2026-11-20T18:00:00.000Z', 'Pagamento estornado pela equipe: indeferido'),
      ],
    });
    expect(titles(journey)).toContain('Peticionado');
    expect(journey.outcome?.description).toBe(
      'Contrato cancelado em 20/11/2026; o processo foi encerrado. Motivo: Pagamento estornado pela equipe: indeferido.',
    );
  });

  it('cancelled, the charge still paid (Asaas refused or was down): the team handles the refund', () => {
    const journey = processJourney({
      process: process({ status: 'encerrado' }),
      contract: contract({ cancelado_em: '2026-11-04T18:00:00.000Z' }),
      charge: charge(),
      history: PAID_HISTORY,
    });
    expect(journey.money.kind).toBe('refund_by_team');
    expect(current(journey)).toEqual(['Estorno em andamento pela equipe']);
    expect(journey.outcome).toMatchObject({ tone: 'warning' });
    expect(journey.outcome?.money).toContain('Nossa equipe já foi avisada');
  });

  it('cancelled before paying: nothing to refund, no payment step done', () => {
    const journey = processJourney({
      process: process({ status: 'encerrado', previsao: null }),
      contract: contract({ cancelado_em: '2026-11-02T18:00:00.000Z' }),
      charge: charge({ status: 'DELETED', paid_at: null }),
      history: [change('cadastro', 'pagamento_pendente', SIGNED)],
    });
    expect(titles(journey)).toEqual(['Cadastro Realizado', 'Contrato Assinado', 'PIX Gerado', 'Contrato cancelado']);
    expect(journey.outcome?.money).toBe('Nenhum pagamento foi feito: não há nada a estornar.');
    expect(journey.outcome?.actions).toEqual([{ kind: 'support', label: 'Falar com o suporte' }]);
  });

  it('a chargeback: the payment disputed, nothing ahead promised', () => {
    const disputed = '2026-11-05T10:00:00.000Z';
    const journey = processJourney({
      process: process({ status: 'pagamento_estornado' }),
      contract: contract(),
      charge: charge({ status: 'CHARGEBACK_REQUESTED', updated_at: disputed }),
      history: [...PAID_HISTORY, change('pago', 'pagamento_estornado', disputed, 'Pagamento estornado no Asaas.')],
    });
    expect(titles(journey).slice(-2)).toEqual(['Pagamento Confirmado', 'Pagamento contestado']);
    expect(stateOf(journey, 'Pagamento contestado')).toBe('alert');
    expect(journey.forecast).toBeNull();
    expect(journey.outcome).toMatchObject({ tone: 'error', title: 'Pagamento contestado' });
    expect(journey.outcome?.money).toBe(
      'O pagamento de R$ 399,00 foi contestado no banco de quem pagou em 05/11/2026.',
    );
    expect(statusBadgeLabel('pagamento_estornado', journey.money)).toBe('Pagamento Contestado');
    expect(statusBadgeLabel('pagamento_estornado', { kind: 'refunded', amount: 399, at: PAID, method: 'pix' })).toBe(
      'Pagamento Estornado',
    );
  });

  it('a chargeback on a filed process: the filing stays, nothing after it is promised', () => {
    const journey = processJourney({
      process: process({ status: 'peticionado' }),
      contract: contract(),
      charge: charge({ status: 'CHARGEBACK_DISPUTE' }),
      history: [...PAID_HISTORY, change('pago', 'peticionado', '2026-11-05T10:00:00.000Z')],
    });
    expect(titles(journey).slice(-2)).toEqual(['Peticionado', 'Pagamento contestado']);
    expect(titles(journey)).not.toContain('Baixa Deferida');
  });

  it('the removal fell: granted with its date, then the fall, and the way to a renewal', () => {
    const journey = processJourney({
      process: process({
        status: 'baixa_caiu',
        baixa_deferida_em: '2026-11-10T12:00:00.000Z',
        baixa_caiu_em: '2026-12-20T12:00:00.000Z',
      }),
      contract: contract(),
      charge: charge(),
      history: PAID_HISTORY,
    });
    expect(titles(journey).slice(-3)).toEqual(['Peticionado', 'Baixa Deferida', 'Baixa Caiu']);
    expect(journey.steps.at(-1)).toMatchObject({ state: 'alert', current: true, at: '2026-12-20T12:00:00.000Z' });
    expect(journey.steps.find((s) => s.key === 'baixa_deferida')?.at).toBe('2026-11-10T12:00:00.000Z');
    expect(journey.outcome?.description).toContain('A baixa caiu em 20/12/2026.');
    expect(journey.outcome?.actions[0]).toEqual({ kind: 'page', to: '/app/renovacao', label: 'Ver renovação' });
  });

  it('closed by the team after the grant: why and when, and the money kept', () => {
    const closed = '2027-01-10T12:00:00.000Z';
    const journey = processJourney({
      process: process({ status: 'encerrado', baixa_deferida_em: '2026-11-10T12:00:00.000Z' }),
      contract: contract(),
      charge: charge(),
      history: [...PAID_HISTORY, change('baixa_deferida', 'encerrado', closed, 'Serviço concluído')],
    });
    expect(titles(journey).slice(-2)).toEqual(['Baixa Deferida', 'Processo encerrado']);
    expect(journey.outcome?.description).toBe('Processo encerrado em 10/01/2027. Motivo: Serviço concluído.');
    expect(journey.outcome?.money).toBe('Pagamento de R$ 399,00 recebido em 03/11/2026.');
  });

  it('closed without a note, after a pending payment: no payment step marked done', () => {
    const journey = processJourney({
      process: process({ status: 'encerrado', previsao: null }),
      contract: contract(),
      charge: charge({ status: 'OVERDUE', paid_at: null }),
      history: [change('cadastro', 'pagamento_pendente', SIGNED), change('pagamento_pendente', 'encerrado', PAID)],
    });
    expect(titles(journey)).not.toContain('Pagamento Confirmado');
    expect(journey.outcome?.description).toBe('Processo encerrado em 03/11/2026. Encerrado pela equipe.');
  });
});

describe('the payment screen never offers a code to pay for money that went back', () => {
  const profile = { id: 'p1' } as Profile;
  const dashboard = (over: Partial<Dashboard>): Dashboard => ({
    email: 'a@b.c',
    profile,
    contracts: [],
    charges: [],
    processes: [],
    history: [],
    movements: [],
    courtCases: [],
    withdrawals: [],
    ...over,
  });

  it.each([
    ['REFUND_REQUESTED', 'refund_requested'],
    ['REFUNDED', 'refunded'],
    ['RECEIVED', 'refund_by_team'],
    ['PENDING', 'none'],
  ] as const)('a cancelled contract with a %s charge shows the money (%s), not the PIX', (status, money) => {
    const c = contract({ cancelado_em: '2026-11-04T18:00:00.000Z' });
    const view = paymentView(dashboard({ contracts: [c], charges: [charge({ status })] }), c);
    expect(view).toMatchObject({ kind: 'settled', money: { kind: money }, title: 'Contrato cancelado' });
  });

  it('a disputed payment shows the dispute', () => {
    const c = contract();
    const view = paymentView(dashboard({ contracts: [c], charges: [charge({ status: 'CHARGEBACK_REQUESTED' })] }), c);
    expect(view).toMatchObject({ kind: 'settled', title: 'Pagamento contestado' });
  });

  it('a payable PIX, a paid one, an expired one and none', () => {
    const c = contract();
    const pending = charge({ status: 'PENDING', paid_at: null });
    expect(paymentView(dashboard({ charges: [pending] }), c).kind).toBe('payable');
    expect(paymentView(dashboard({ charges: [charge()] }), c).kind).toBe('paid');
    expect(paymentView(dashboard({ charges: [{ ...pending, status: 'OVERDUE' }] }), c)).toMatchObject({
      kind: 'generate',
      expired: true,
    });
    expect(paymentView(dashboard({}), c)).toMatchObject({ kind: 'generate', expired: false });
    expect(paymentView(dashboard({}), contract({ assinado_em: null })).kind).toBe('sign_first');
    expect(paymentView(dashboard({}), contract({ forma_pagamento: 'gratuito' })).kind).toBe('free');
  });

  it('follows the newest charge of the contract', () => {
    const c = contract();
    const old = charge({ id: 'a', status: 'OVERDUE', created_at: '2026-11-01T00:00:00Z' });
    const fresh = charge({ id: 'b', status: 'PENDING', paid_at: null, created_at: '2026-11-05T00:00:00Z' });
    expect(paymentView(dashboard({ charges: [old, fresh] }), c)).toMatchObject({
      kind: 'payable',
      charge: { id: 'b' },
    });
  });
});

describe('a disabled action says why and where to go', () => {
  it.each([
    ['no_profile', { kind: 'page', to: '/app/perfil' }],
    ['open_contract', { kind: 'page', to: '/app/contrato' }],
    ['process_in_progress', { kind: 'page', to: '/app/dashboard' }],
    ['cancelled', { kind: 'support' }],
  ] as const)('renewal refused for %s leads on', (reason: RenewalBlock, action) => {
    expect(renewalWayForward(reason)).toMatchObject(action);
  });

  it("the lookup's Nada Consta: enabled only when granted; otherwise the spec's reason, a hint and a way on", () => {
    expect(nadaConstaAvailability('baixa_deferida')).toEqual({ available: true });
    for (const status of ['cadastro', 'pagamento_realizado', 'protocolo_efetuado', 'baixa_caiu', 'encerrado']) {
      const availability = nadaConstaAvailability(status);
      expect(availability).toMatchObject({
        available: false,
        reason: 'Disponível somente quando a baixa estiver deferida',
      });
      if (!availability.available)
        expect(availability.actions).toContainEqual(expect.objectContaining({ kind: 'support' }));
    }
    expect(nadaConstaAvailability('baixa_caiu')).toMatchObject({
      actions: [{ kind: 'page', to: '/auth' }, { kind: 'support' }],
    });
  });

  it("promises a refund by the contract's deadline and nothing the product does not send", () => {
    // Requested on Thursday 26/11/2026 (São Paulo): 7 business days later is Monday 07/12/2026.
    const since = '2026-11-26T15:00:00.000Z';
    const requested = moneySentence({ kind: 'refund_requested', amount: 399, since, method: 'pix' }, true);
    expect(requested).toBe(
      'Estorno de R$ 399,00 solicitado em 26/11/2026, para a conta de origem do PIX: o valor volta em até 7 dias úteis, até 07/12/2026.',
    );
    // A card plan goes back to the card, within the issuer's 10 business days: Thursday 10/12/2026.
    expect(moneySentence({ kind: 'refund_requested', amount: 449, since, method: 'cartao' }, true)).toBe(
      'Estorno de R$ 449,00 solicitado em 26/11/2026, para o mesmo cartão de crédito (todas as parcelas): o valor volta em até 10 dias úteis, até 10/12/2026.',
    );
    // A boleto (and money the team recorded by hand) by a bank transfer, in the PIX's 7 business days.
    for (const method of ['boleto', 'manual'] as const) {
      expect(moneySentence({ kind: 'refund_requested', amount: 419, since, method }, true)).toBe(
        'Estorno de R$ 419,00 solicitado em 26/11/2026, para a conta bancária indicada pelo pagador (por transferência): o valor volta em até 7 dias úteis, até 07/12/2026.',
      );
    }
    const byTeam = moneySentence({ kind: 'refund_by_team', amount: 399, paidAt: null }, true);
    for (const sentence of [requested, byTeam]) {
      expect(sentence).not.toMatch(/alguns dias|e-mail quando/);
    }
  });
});
