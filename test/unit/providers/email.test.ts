import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralInviteEmail } from '../../../lambdas/referrals/referral-emails.js';
import { createSesEmailSender } from '../../../lambdas/providers/email.js';
import { emailButton, emailLayout, emailText, markup } from '../../../lambdas/shared/email-layout.js';
import { startLoopback, type LoopbackServer } from './loopback.js';

describe('emailText: the plain-text part read off the HTML', () => {
  const message = emailLayout({
    title: 'Seu contrato foi assinado',
    audience: 'admin',
    body: markup`<p>Olá, <strong>${'Ana & Zé "Ltda" <3'}</strong>!</p>
<p>O protocolo é <strong>20260101-0001</strong>.<br>Próximo passo: pagar.</p>
<ul><li>Primeiro item</li><li>Segundo item</li></ul>
<table><tr><td>Reparadas</td><td><strong>3</strong></td></tr></table>${emailButton('https://app.example/app?a=1&b=2', 'Abrir o painel')}`,
    reason: 'Se você não fez esta solicitação, ignore este e-mail.',
  });

  it('keeps the words, each paragraph apart, with accents and escaped characters decoded', () => {
    const text = emailText(message);
    expect(text).toContain('Seu contrato foi assinado\n\nOlá, Ana & Zé "Ltda" <3!');
    expect(text).toContain('O protocolo é 20260101-0001.\nPróximo passo: pagar.');
    expect(text).toContain('- Primeiro item\n- Segundo item');
    expect(text).toContain('Reparadas 3');
    expect(text).toContain('Se você não fez esta solicitação, ignore este e-mail.');
    expect(text).not.toMatch(/<[a-z/!]/i);
    expect(text).not.toMatch(/&(amp|lt|gt|#\d+);/);
    expect(text).not.toMatch(/\n{3}/);
  });

  it('writes the button as its label and address, once (the HTML-only fallback paragraph is left out)', () => {
    const text = emailText(message);
    expect(text).toContain('Abrir o painel: https://app.example/app?a=1&b=2');
    expect(text.match(/https:\/\/app\.example/g)).toHaveLength(1);
    expect(text).not.toContain('Se o botão não funcionar');
  });

  it('derives a readable text from a real e-mail of the product', () => {
    const invite = referralInviteEmail({ referrerName: 'Maria Souza', referralLink: 'https://app.example/r/ABC' });
    const text = emailText(invite.html);
    expect(text.startsWith('Limpa Nome\n\nVocê recebeu um convite!\n\nOlá!')).toBe(true);
    expect(text).toContain('Criar minha conta: https://app.example/r/ABC');
  });
});

describe('createSesEmailSender against a loopback SES v2 API', () => {
  let server: LoopbackServer;
  const client = () =>
    new SESv2Client({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      maxAttempts: 1,
    });
  beforeAll(async () => {
    server = await startLoopback(() => ({ status: 200, body: { MessageId: 'm-1' } }));
  });
  afterAll(() => server.close());

  type SentRequest = {
    ConfigurationSetName?: string;
    Content: {
      Simple: {
        Body: { Html: { Data: string }; Text: { Data: string; Charset: string } };
        Headers?: { Name: string; Value: string }[];
      };
    };
  };
  const sent = () => JSON.parse(server.requests.at(-1)?.body ?? '{}') as SentRequest;

  it('sends the HTML with its text part, through the configuration set, with the given headers', async () => {
    const send = createSesEmailSender({
      from: 'nao-responda@baixa.test',
      configurationSet: 'baixa-prod',
      client: client(),
    });
    const message = emailLayout({
      title: 'Título',
      audience: 'admin',
      body: emailButton('https://a.example/x', 'Ir'),
      reason: 'Porque sim.',
    });
    await send('ana@example.com', {
      subject: 'Assunto',
      html: message,
      headers: [{ name: 'List-Unsubscribe', value: '<https://a.example/u>' }],
    });
    const body = sent();
    expect(body.ConfigurationSetName).toBe('baixa-prod');
    expect(body.Content.Simple.Body.Html.Data).toBe(message);
    expect(body.Content.Simple.Body.Text).toEqual({ Data: emailText(message), Charset: 'UTF-8' });
    expect(body.Content.Simple.Headers).toEqual([{ Name: 'List-Unsubscribe', Value: '<https://a.example/u>' }]);
  });

  it('names no configuration set and no headers when it has none', async () => {
    const send = createSesEmailSender({ from: 'nao-responda@baixa.test', client: client() });
    await send('ana@example.com', { subject: 'Assunto', html: '<p>Oi</p>' });
    const body = sent();
    expect(body).not.toHaveProperty('ConfigurationSetName');
    expect(body.Content.Simple).not.toHaveProperty('Headers');
    expect(body.Content.Simple.Body.Text.Data).toBe('Oi');
  });
});
