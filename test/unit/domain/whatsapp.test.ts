import { describe, expect, it } from 'vitest';
import {
  isRetryableWhatsAppError,
  whatsappErrorText,
  whatsappRetryAt,
  brazilianMobileE164,
  isOptOutReply,
  renderTemplateBody,
  statusSupersedes,
  templateParamList,
  templateParamText,
  WHATSAPP_TEMPLATES,
  whatsappConsentText,
  whatsappPhoneKey,
} from '../../../domain/whatsapp.js';

describe('who may get a WhatsApp: a Brazilian mobile', () => {
  it.each([
    ['(35) 99123-4567', '5535991234567'],
    ['35991234567', '5535991234567'],
    ['+55 11 98765-4321', '5511987654321'],
    ['5511987654321', '5511987654321'],
  ])('%s is the mobile %s', (typed, e164) => {
    expect(brazilianMobileE164(typed)).toBe(e164);
  });

  it.each([
    ['a landline', '(35) 3331-1234'],
    ['an area code Anatel never assigned', '(20) 99123-4567'],
    ['ten digits without the leading 9', '3591234567'],
    ['9 then 0', '(35) 90123-4567'],
    ['another country', '+1 415 555 2671'],
    ['too long', '(35) 991234-56789'],
    ['empty', ''],
  ])('%s gets none', (_case, typed) => {
    expect(brazilianMobileE164(typed)).toBeNull();
  });

  it('matches a reply from an account still without the leading 9 to the same number', () => {
    expect(whatsappPhoneKey('553591234567')).toBe(whatsappPhoneKey('5535991234567'));
    expect(whatsappPhoneKey('5535991234567')).not.toBe(whatsappPhoneKey('5511991234567'));
    expect(whatsappPhoneKey('12')).toBeNull();
  });

  it('names the company in the consent, after the spec’s words', () => {
    expect(whatsappConsentText('Limpa Nome')).toBe(
      'Quero receber atualizações do meu processo pelo WhatsApp da Limpa Nome',
    );
  });
});

describe('replies that withdraw consent', () => {
  it.each(['SAIR', 'sair', ' Sair! ', 'PARAR', 'parar.', 'STOP', 'stop'])('%s withdraws', (text) => {
    expect(isOptOutReply(text)).toBe(true);
  });
  it.each(['Quero sair do SPC', 'ok', 'SAIR agora', 'obrigado', ''])('%s does not', (text) => {
    expect(isOptOutReply(text)).toBe(false);
  });
});

describe('template parameters are text', () => {
  it('keeps any alphabet', () => {
    expect(templateParamText('José Ñúñez Łukasz Ζωή Дмитрий 王小明')).toBe('José Ñúñez Łukasz Ζωή Дмитрий 王小明');
  });
  it('drops WhatsApp’s formatting marks and leaves markup as plain text', () => {
    expect(templateParamText('*Maria* _da_ ~Silva~ `x`')).toBe('Maria da Silva x');
    expect(templateParamText('<b>Ana</b>')).toBe('<b>Ana</b>');
  });
  it('turns line breaks, tabs, runs of spaces and invisible characters into one space (Meta refuses them)', () => {
    expect(templateParamText('Ana\n\tde\u200b     Souza\u202e')).toBe('Ana de Souza');
  });
  it('is never empty and never longer than Meta takes', () => {
    expect(templateParamText('  \n ')).toBe('-');
    expect([...templateParamText('a'.repeat(5000))]).toHaveLength(1024);
  });
  it('fills a template in Meta’s order, each one sanitized', () => {
    expect(
      templateParamList('paymentConfirmed', { valor: 'R$ 399,00', nome: 'Ana\n', protocolo: 'LM-2026-000001' }),
    ).toEqual(['Ana', 'LM-2026-000001', 'R$ 399,00']);
    expect(() =>
      templateParamList('caseFiled', { nome: 'Ana', protocolo: 'LM' } as unknown as Parameters<
        typeof templateParamList<'caseFiled'>
      >[1]),
    ).toThrow(/numero_cnj/);
  });
  it('renders what the customer reads', () => {
    expect(renderTemplateBody(WHATSAPP_TEMPLATES.removalGranted.body, ['Ana', 'LM-1'])).toBe(
      'Olá, Ana! A baixa temporária do processo LM-1 foi deferida. O Nada Consta já pode ser baixado na área do cliente.',
    );
  });
  it('every template names the protocol, numbers its parameters 1..n and has a unique name', () => {
    const names = new Set<string>();
    for (const template of Object.values(WHATSAPP_TEMPLATES)) {
      expect(template.params).toContain('protocolo');
      const used = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])).sort();
      expect(used).toEqual(template.params.map((_, index) => index + 1));
      expect(template.name).toMatch(/^[a-z0-9_]+$/);
      names.add(template.name);
    }
    expect(names.size).toBe(Object.keys(WHATSAPP_TEMPLATES).length);
  });
});

describe('delivery statuses: the latest wins, whatever the order', () => {
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, second)).toISOString();
  it('a later status replaces an earlier one, never the other way round', () => {
    expect(statusSupersedes({ status: 'sent', at: at(1) }, { status: 'delivered', at: at(2) })).toBe(true);
    expect(statusSupersedes({ status: 'read', at: at(3) }, { status: 'delivered', at: at(2) })).toBe(false);
    expect(statusSupersedes(null, { status: 'sent', at: at(1) })).toBe(true);
  });
  it('in the same second, the later stage wins', () => {
    expect(statusSupersedes({ status: 'delivered', at: at(1) }, { status: 'sent', at: at(1) })).toBe(false);
    expect(statusSupersedes({ status: 'sent', at: at(1) }, { status: 'read', at: at(1) })).toBe(true);
  });
});

describe('a failed message is tried again: when, and until when', () => {
  const first = '2026-11-27T12:00:00.000Z';
  const after = (minutes: number) => new Date(Date.parse(first) + minutes * 60_000);

  it('waits 15 minutes after the first failure, an hour after the second, and stops after the third', () => {
    expect(whatsappRetryAt(1, first, after(0))).toBe(after(15).toISOString());
    expect(whatsappRetryAt(2, first, after(20))).toBe(after(80).toISOString());
    expect(whatsappRetryAt(3, first, after(90))).toBeNull();
  });

  it('never once the news is 24 hours old', () => {
    expect(whatsappRetryAt(1, first, after(24 * 60 - 15))).toBe(after(24 * 60).toISOString());
    expect(whatsappRetryAt(1, first, after(24 * 60 - 14))).toBeNull();
  });

  it('retries a rate limit or a temporary error, never a number without WhatsApp or a refused template', () => {
    for (const code of [1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]) {
      expect(isRetryableWhatsAppError(code), String(code)).toBe(true);
    }
    for (const code of [null, 100, 131008, 131009, 131026, 131047, 131049, 131050, 132000, 132001, 133010]) {
      expect(isRetryableWhatsAppError(code), String(code)).toBe(false);
    }
    expect(whatsappErrorText(131026)).toContain('não pode receber');
    expect(whatsappErrorText(132015)).toContain('modelo');
    expect(whatsappErrorText(999)).toBe('O WhatsApp recusou a mensagem (erro 999).');
  });
});
