import { describe, expect, it } from 'vitest';
import { kitProgress } from '../../../domain/filing-kit.js';
import {
  chargePayableUntil,
  chargeReminderText,
  dueChargeReminder,
  dueKitReminder,
  kitItemsOwed,
  kitReminderText,
  reminderToSend,
  type ChargeReminderFacts,
  type KitReminderFacts,
} from '../../../domain/reminders.js';

// A PIX generated on Monday 2026-11-23 at 10:00 in São Paulo (13:00 UTC), payable until Thursday 23:59:59.
const CREATED = '2026-11-23T13:00:00.000Z';
const EXPIRES = '2026-11-27T02:59:59.000Z';
const at = (iso: string) => new Date(iso);

const charge = (overrides: Partial<ChargeReminderFacts> = {}): ChargeReminderFacts => ({
  chargeId: 'CH1',
  contractId: 'CT1',
  status: 'PENDING',
  createdAt: CREATED,
  expiresAt: EXPIRES,
  latestOfContract: true,
  contractCancelled: false,
  processStatus: 'pagamento_pendente',
  ...overrides,
});

describe('an unpaid charge', () => {
  it('is not reminded within 24 hours of being generated', () => {
    expect(dueChargeReminder(charge(), at('2026-11-24T12:59:59.000Z'))).toBeNull();
  });

  it('gets its first reminder 24 hours after it was generated, until the eve of its expiry', () => {
    const due = dueChargeReminder(charge(), at('2026-11-24T13:00:00.000Z'));
    expect(due).toEqual({
      id: 'cobranca_24h#CH1',
      kind: 'cobranca_24h',
      contractId: 'CT1',
      from: '2026-11-24T13:00:00.000Z',
      // Wednesday 00:00 in São Paulo: the eve of Thursday, when the second reminder's window opens.
      until: '2026-11-25T03:00:00.000Z',
    });
  });

  it('gets its second reminder on the São Paulo day before it expires, until it expires', () => {
    expect(dueChargeReminder(charge(), at('2026-11-25T03:00:00.000Z'))).toMatchObject({
      id: 'cobranca_vespera#CH1',
      from: '2026-11-25T03:00:00.000Z',
      until: EXPIRES,
    });
    expect(dueChargeReminder(charge(), at('2026-11-27T02:59:58.000Z'))?.kind).toBe('cobranca_vespera');
    expect(dueChargeReminder(charge(), at(EXPIRES))).toBeNull();
  });

  it('never has the eve open within the first 24 hours of a short-lived charge', () => {
    // Generated Wednesday 20:00, expiring Thursday 23:59:59: the eve (Wednesday) is inside the first 24 hours.
    const facts = charge({ createdAt: '2026-11-25T23:00:00.000Z' });
    expect(dueChargeReminder(facts, at('2026-11-26T12:00:00.000Z'))).toBeNull();
    expect(dueChargeReminder(facts, at('2026-11-26T23:00:00.000Z'))?.kind).toBe('cobranca_vespera');
  });

  it('with no known expiry, gets only the first reminder, for a day', () => {
    const facts = charge({ expiresAt: null });
    expect(dueChargeReminder(facts, at('2026-11-25T12:59:59.000Z'))?.kind).toBe('cobranca_24h');
    expect(dueChargeReminder(facts, at('2026-11-25T13:00:00.000Z'))).toBeNull();
  });

  it.each([
    ['paid', { status: 'RECEIVED' }],
    ['expired at Asaas', { status: 'OVERDUE' }],
    ['held for risk analysis (Asaas’s turn)', { status: 'AWAITING_RISK_ANALYSIS' }],
    ['replaced by a newer PIX', { latestOfContract: false }],
    ['of a cancelled contract', { contractCancelled: true }],
    ['of a process already paid by hand', { processStatus: 'pago' as const }],
  ])('is not reminded once %s', (_what, overrides) => {
    expect(dueChargeReminder(charge(overrides), at('2026-11-24T15:00:00.000Z'))).toBeNull();
    expect(dueChargeReminder(charge(overrides), at('2026-11-26T15:00:00.000Z'))).toBeNull();
  });
});

// Paid on Monday 2026-11-23 at 10:00 in São Paulo.
const PAID = '2026-11-23T13:00:00.000Z';
const kit = (overrides: Partial<KitReminderFacts> = {}): KitReminderFacts => ({
  contractId: 'CT1',
  processStatus: 'pago',
  paidAt: PAID,
  owed: ['Comprovante de endereço'],
  ...overrides,
});

describe("a charge's own expiry", () => {
  it('is the PIX’s validity, and the end of the due day for a boleto or a card’s payment page', () => {
    expect(chargePayableUntil({ pix_valido_ate: EXPIRES })).toBe(EXPIRES);
    expect(chargePayableUntil({ forma: 'pix', pix_valido_ate: EXPIRES, vencimento: '2026-11-30' })).toBe(EXPIRES);
    // Thursday 26 November ends at 23:59:59.999 in São Paulo: 02:59:59.999 on Friday in UTC.
    expect(chargePayableUntil({ forma: 'boleto', pix_valido_ate: null, vencimento: '2026-11-26' })).toBe(
      '2026-11-27T02:59:59.999Z',
    );
    expect(chargePayableUntil({ forma: 'cartao', vencimento: '2026-11-26' })).toBe('2026-11-27T02:59:59.999Z');
    expect(chargePayableUntil({ forma: 'boleto', vencimento: null })).toBeNull();
    expect(chargePayableUntil({})).toBeNull();
  });

  it('puts a boleto’s reminder on the eve of its due day', () => {
    const expiresAt = chargePayableUntil({ forma: 'boleto', vencimento: '2026-11-26' });
    // Wednesday 25 at 09:00 in São Paulo: the eve of the due day.
    expect(dueChargeReminder(charge({ expiresAt }), at('2026-11-25T12:00:00.000Z'))?.kind).toBe('cobranca_vespera');
    // Without its due date it would only be the 24-hour reminder.
    expect(dueChargeReminder(charge({ expiresAt: null }), at('2026-11-25T12:00:00.000Z'))?.kind).toBe('cobranca_24h');
    const text = chargeReminderText('cobranca_vespera', {
      protocolo: 'LM1',
      valor: 419,
      method: 'boleto',
      expiresAt: expiresAt!,
    });
    expect(text.paragraphs[0]).toBe(
      'O boleto de R$ 419,00 do pedido de protocolo LM1 ainda não foi pago e vale até 26/11/2026 23:59. Depois disso, será preciso gerar um novo.',
    );
  });
});

describe('a paid process whose documents are incomplete', () => {
  it('gets a reminder from 2 days after the payment until the 5th day', () => {
    expect(dueKitReminder(kit(), at('2026-11-25T12:59:59.000Z'))).toBeNull();
    expect(dueKitReminder(kit(), at('2026-11-25T13:00:00.000Z'))).toEqual({
      id: 'documentos_2d#CT1',
      kind: 'documentos_2d',
      contractId: 'CT1',
      from: '2026-11-25T13:00:00.000Z',
      until: '2026-11-28T13:00:00.000Z',
    });
  });

  it('gets another from 5 days after the payment, for 48 hours', () => {
    expect(dueKitReminder(kit(), at('2026-11-28T13:00:00.000Z'))?.id).toBe('documentos_5d#CT1');
    expect(dueKitReminder(kit(), at('2026-11-30T12:59:59.000Z'))?.id).toBe('documentos_5d#CT1');
    expect(dueKitReminder(kit(), at('2026-11-30T13:00:00.000Z'))).toBeNull();
  });

  it('is not reminded once every required item was sent, or the process moved on', () => {
    expect(dueKitReminder(kit({ owed: [] }), at('2026-11-26T13:00:00.000Z'))).toBeNull();
    expect(dueKitReminder(kit({ processStatus: 'em_analise' }), at('2026-11-26T13:00:00.000Z'))).toBeNull();
    expect(dueKitReminder(kit({ processStatus: 'encerrado' }), at('2026-11-26T13:00:00.000Z'))).toBeNull();
  });

  it('owes the required items never sent or refused, not those awaiting the lawyer nor optional ones', () => {
    const progress = kitProgress('cpf', [
      { key: 'identidade', state: 'aprovado' },
      { key: 'comprovante_endereco', state: 'recusado', refusal: { code: 'ilegivel' } },
      { key: 'relatorio_negativacao', state: 'enviado' },
    ]);
    expect(kitItemsOwed(progress)).toEqual(['Comprovante de endereço', 'Procuração assinada']);
  });
});

describe('one reminder a day per customer', () => {
  it('sends the one whose window closes first, the same one on every run', () => {
    const first = dueChargeReminder(charge(), at('2026-11-24T15:00:00.000Z'))!;
    const kitDue = dueKitReminder(
      kit({ contractId: 'CT0', paidAt: '2026-11-20T13:00:00.000Z' }),
      at('2026-11-24T15:00:00.000Z'),
    )!;
    expect(reminderToSend([kitDue, first])?.id).toBe(first.id);
    expect(reminderToSend([first, kitDue])?.id).toBe(first.id);
    expect(reminderToSend([])).toBeNull();
  });
});

describe('the words', () => {
  it('names the protocol, the value and the validity of an unpaid PIX', () => {
    const text = chargeReminderText('cobranca_24h', {
      protocolo: 'LM20261123ABCD',
      valor: 399,
      method: 'pix',
      expiresAt: EXPIRES,
    });
    expect(text.subject).toBe('Seu pagamento está pendente — protocolo LM20261123ABCD');
    expect(text.paragraphs[0]).toBe(
      'Você gerou o PIX de R$ 399,00 para o pedido de protocolo LM20261123ABCD, e ele ainda não foi pago. O PIX vale até 26/11/2026 23:59.',
    );
    expect(text.action).toEqual({ label: 'Ir para o pagamento', path: '/app/pagamento' });
  });

  it('dates the eve reminder by its expiry, true whichever day it goes', () => {
    const text = chargeReminderText('cobranca_vespera', {
      protocolo: 'LM1',
      valor: 399,
      method: 'boleto',
      expiresAt: EXPIRES,
    });
    expect(text.subject).toBe('Seu pagamento vence em 26/11/2026 — protocolo LM1');
    expect(text.paragraphs[0]).toContain('O boleto de R$ 399,00');
  });

  it('lists the documents still owed', () => {
    const text = kitReminderText('documentos_5d', { protocolo: 'LM1', paidAt: PAID, owed: ['Procuração assinada'] });
    expect(text.subject).toBe('Ainda faltam documentos para o seu pedido — protocolo LM1');
    expect(text.paragraphs[0]).toBe(
      'O pagamento do pedido de protocolo LM1 foi confirmado em 23/11/2026. Para o advogado protocolar o seu pedido, ainda faltam:',
    );
    expect(text.list).toEqual(['Procuração assinada']);
    expect(text.action.path).toBe('/app/documentos');
  });
});
