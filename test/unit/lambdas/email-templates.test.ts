import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { emailText, markup } from '../../../lambdas/shared/email-layout.js';
import { everyEmail, MARKUP_NAME } from '../../email-samples.js';

describe('the e-mails’ template tag', () => {
  it('escapes every value unless it is html output itself, joins lists and drops empty values', () => {
    const inner = markup`<em>${'a&b'}</em>`;
    expect(
      markup`<p>${'<b>"x"</b>'} ${inner} ${[markup`<i>1</i>`, '<2>']}${null}${undefined}${false}${3}</p>`.markup,
    ).toBe('<p>&#60;b&#62;&#34;x&#34;&#60;/b&#62; <em>a&#38;b</em> <i>1</i>&#60;2&#62;3</p>');
  });
});

describe('every e-mail template', () => {
  const evil = everyEmail(MARKUP_NAME);

  it.each(evil.map((email) => [email.template, email] as const))(
    '%s lets no markup of a typed name through',
    (_template, email) => {
      expect(email.html).not.toMatch(/<a\b[^>]*evil\.example/i);
      expect(email.html).not.toContain('</a>x');
      expect(email.html).not.toMatch(/<[^>]*"https:\/\/evil/);
    },
  );

  it('shows the typed name as text where it is shown', () => {
    const shown = evil.filter((email) => email.html.includes('&#60;a href=&#34;https://evil.example&#34;&#62;'));
    // The invite shows a cleaned name (domain/invite-sender.ts); greetings show the first word, escaped too.
    expect(shown.map((email) => email.template)).toEqual(
      expect.arrayContaining([
        'status-update',
        'filing-overdue',
        'orphan-payment',
        'reconciliation-report',
        'admin-alert',
      ]),
    );
    const alert = evil.find((email) => email.template === 'admin-alert')!;
    expect(alert.html).toContain('<title>Contrato cancelado pelo cliente — &#60;a href=');
    expect(alert.html).toMatch(/<h1[^>]*>Contrato cancelado pelo cliente — &#60;a href=/);
  });

  const plain = everyEmail('Maria da Conceição Souza');

  it.each(plain.map((email) => [email.template, email] as const))(
    '%s carries the brand, the legal name and CNPJ, every support channel and why it was sent',
    (_template, email) => {
      const text = emailText(email.html);
      expect(text.startsWith(EXAMPLE_COMPANY.brand)).toBe(true);
      expect(text).toContain(`${EXAMPLE_COMPANY.legalName} — CNPJ ${EXAMPLE_COMPANY.cnpj}`);
      expect(text).toContain(`WhatsApp ${EXAMPLE_COMPANY.whatsappDisplay}`);
      expect(text).toContain(`E-mail ${EXAMPLE_COMPANY.supportEmail}`);
      expect(text).toContain(`Telefone ${EXAMPLE_COMPANY.phoneDisplay}`);
      expect(text).toMatch(/Você recebeu este e-mail porque/);
      // Greets by the first name, never the full legal name.
      expect(text).not.toContain('Olá, Maria da Conceição');
      expect(email.html).toContain('max-width:600px');
    },
  );

  it('greets the customer by first name and gives the receipt and the refund', () => {
    const byName = Object.fromEntries(plain.map((email) => [email.template, emailText(email.html)]));
    expect(byName['contract-signed']).toContain('Olá, Maria!');
    expect(byName['status-update-paid']).toContain(
      'Recibo\n\nValor: R$ 399,00\n\nData e hora: 26/11/2026 12:04 (horário de Brasília)\n\nForma de pagamento: PIX\n\nProtocolo: LM20261126-7K3Q9X2M4P1Z',
    );
    expect(byName['contract-cancelled']).toContain(
      'Valor a estornar: R$ 399,00\n\nPara onde volta: A conta de origem do PIX\n\nPrevisão: até 07/12/2026',
    );
    // Customer words, not the system's statuses.
    expect(byName['status-update']).toContain('O seu pedido foi protocolado na Justiça pelo nosso advogado.');
    expect(byName['status-update']).not.toMatch(/pagamento_pendente|peticionado\b/);
  });
});
