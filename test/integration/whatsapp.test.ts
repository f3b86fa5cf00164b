import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdminTodayRoute } from '../../domain/api/admin-today.js';
import {
  answerAdminClientWhatsAppReplyRoute,
  getAdminClientWhatsAppRoute,
  getMyWhatsAppRoute,
  receiveWhatsAppWebhookRoute,
  setMyWhatsAppRoute,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../domain/api/whatsapp.js';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { WHATSAPP_MESSAGES, optOutConfirmationText } from '../../domain/whatsapp.js';
import { handler as getAdminToday } from '../../lambdas/admin/today/get-admin-today.js';
import { publishChanges, type PublishDeps } from '../../lambdas/live/publish-changes-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { createWhatsApp, whatsappSignature, type WhatsApp } from '../../lambdas/providers/whatsapp.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { retryDueWhatsApp, sendWhatsAppOnce } from '../../lambdas/shared/whatsapp-notices.js';
import { handler as answerReply } from '../../lambdas/whatsapp/answer-admin-client-whatsapp-reply.js';
import { handler as getAdminClientWhatsApp } from '../../lambdas/whatsapp/get-admin-client-whatsapp.js';
import { handler as getMyWhatsApp } from '../../lambdas/whatsapp/get-my-whatsapp.js';
import { handler as receiveWebhook } from '../../lambdas/whatsapp/receive-whatsapp-webhook.js';
import { handler as setMyWhatsApp } from '../../lambdas/whatsapp/set-my-whatsapp.js';
import { startWhatsAppStandIn, whatsAppControl, type WhatsAppStandIn } from '../../local/services/whatsapp.js';
import { adminClaims, createApiEvent, customerClaims, lambdaContext } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { guardedTestDb, testDb } from './db.js';
import {
  INTEGRATION_SECRETS,
  INTEGRATION_SENDER,
  INTEGRATION_WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_PORT,
} from './global-setup.js';
import { seedCustomer } from './seed.js';

/**
 * WhatsApp notices against the Graph API stand-in: the real provider sends to it, and its signed status and
 * reply webhooks reach the real handler through a bridge that hands API Gateway's event over, raw body and all.
 */
const db = testDb();
const APP_SECRET = INTEGRATION_SECRETS.whatsappAppSecret;
let standIn: WhatsAppStandIn;
let control: ReturnType<typeof whatsAppControl>;
let bridge: Server;
const whatsapp = createWhatsApp({
  baseUrl: `http://127.0.0.1:${WHATSAPP_PORT}`,
  phoneNumberId: INTEGRATION_WHATSAPP_PHONE_NUMBER_ID,
  accessToken: async () => INTEGRATION_SECRETS.whatsappAccessToken,
});
const publishDeps: PublishDeps = {
  db,
  clock: systemClock,
  push: async () => 'gone',
  sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
  admins: { adminEmails: async () => [] },
  appUrl: 'http://127.0.0.1:5173',
  whatsapp,
};

/** A webhook POST as API Gateway hands it to the function: the raw body, its headers. */
async function postWebhook(body: string, headers: Record<string, string>) {
  const event = createApiEvent({ method: 'POST', path: '/webhooks/whatsapp', body, headers });
  event.routeKey = `POST ${receiveWhatsAppWebhookRoute.path}`;
  return (await receiveWebhook(event, lambdaContext)) as { statusCode: number; body: string };
}

beforeAll(async () => {
  bridge = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
      );
      void postWebhook(Buffer.concat(chunks).toString('utf8'), headers).then((result) => {
        response.writeHead(result.statusCode, { 'content-type': 'application/json' });
        response.end(result.body);
      });
    });
  });
  await new Promise<void>((resolveListen) => bridge.listen(0, '127.0.0.1', () => resolveListen()));
  standIn = await startWhatsAppStandIn({
    port: WHATSAPP_PORT,
    accessToken: INTEGRATION_SECRETS.whatsappAccessToken,
    appSecret: APP_SECRET,
    phoneNumberId: INTEGRATION_WHATSAPP_PHONE_NUMBER_ID,
    webhookUrl: `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/webhooks/whatsapp`,
  });
  control = whatsAppControl(standIn.url);
});
afterAll(async () => {
  await standIn?.stop();
  await new Promise<void>((resolveClose) => bridge?.close(() => resolveClose()));
});

/** A mobile of its own per customer, so tests never share a number's pointer. */
const uniqueMobile = () => {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  // 9 then a digit 1–9: every Brazilian mobile's shape.
  return { typed: `(35) 9${1 + Math.floor(Math.random() * 9)}${digits.slice(0, 3)}-${digits.slice(3)}` };
};
const e164Of = (typed: string) => `55${typed.replace(/\D/g, '')}`;

async function customer(options: { consent: boolean; whatsapp?: string }) {
  const whatsappNumber = options.whatsapp ?? uniqueMobile().typed;
  const seeded = await seedCustomer(db, { whatsapp: whatsappNumber });
  const claims = customerClaims(seeded.userId, seeded.profile.email);
  if (options.consent) {
    okBody(await callRoute(setMyWhatsAppRoute, setMyWhatsApp, { claims, body: { consent: true } }));
  }
  return { ...seeded, claims, phone: e164Of(whatsappNumber) };
}

/** The stream record of a status change (a HISTORY insert, as pattern 13 writes it). */
function statusRecord(userId: string, contractId: string, to: string, historyId = ulid()): DynamoDBRecord {
  const at = new Date().toISOString();
  return {
    eventName: 'INSERT',
    dynamodb: {
      NewImage: marshall({
        pk: keys.customer(userId),
        sk: keys.historySk(contractId, at, historyId),
        type: 'HISTORY',
        de: 'aguardando_pagamento',
        para: to,
        by_user: 'system',
      }) as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
    },
  };
}

const messagesTo = async (phone: string) => (await control.messages()).filter((message) => message.to === phone);
const channelOf = async (profileId: string) =>
  okBody(
    await callRoute(getAdminClientWhatsAppRoute, getAdminClientWhatsApp, {
      claims: adminClaims(),
      params: { id: profileId },
    }),
  );

describe('consent on the profile', () => {
  it('stores the grant with its time, IP and the words shown, and withdraws it', async () => {
    const c = await customer({ consent: false });
    const before = okBody(await callRoute(getMyWhatsAppRoute, getMyWhatsApp, { claims: c.claims }));
    expect(before).toMatchObject({ consent: null, mobile: c.phone });
    expect(before.consentText).toBe(
      `Quero receber atualizações do meu processo pelo WhatsApp da ${EXAMPLE_COMPANY.brand}`,
    );

    const granted = okBody(
      await callRoute(setMyWhatsAppRoute, setMyWhatsApp, { claims: c.claims, body: { consent: true } }),
    );
    expect(granted.consent).toMatchObject({ state: 'granted', phone: c.phone, grantedText: before.consentText });
    expect(granted.consent!.grantedIp).toMatch(/^[0-9a-f:.]+$/);
    expect(Date.parse(granted.consent!.grantedAt)).toBeGreaterThan(Date.now() - 60_000);

    const withdrawn = okBody(
      await callRoute(setMyWhatsAppRoute, setMyWhatsApp, { claims: c.claims, body: { consent: false } }),
    );
    expect(withdrawn.consent).toMatchObject({
      state: 'withdrawn',
      withdrawnVia: 'perfil',
      grantedText: before.consentText,
    });
  });

  it('refuses a number that is not a Brazilian mobile with a clear note, and stores nothing', async () => {
    const c = await customer({ consent: false, whatsapp: '(35) 3331-1234' });
    const refused = errorOf(
      await callRoute(setMyWhatsAppRoute, setMyWhatsApp, { claims: c.claims, body: { consent: true } }),
    );
    expect(refused).toMatchObject({ status: 400, message: WHATSAPP_MESSAGES.invalidMobile });
    expect(okBody(await callRoute(getMyWhatsAppRoute, getMyWhatsApp, { claims: c.claims }))).toMatchObject({
      consent: null,
      mobile: null,
    });
  });
});

describe('a payment confirmed', () => {
  it('→ one WhatsApp to a consenting customer, whatever the retries; none to one without consent', async () => {
    const yes = await customer({ consent: true });
    const no = await customer({ consent: false });
    const record = statusRecord(yes.userId, yes.contract.id, 'pago');
    // The stream delivers a record again after a failure, and two consumers may overlap: five at once.
    await Promise.all(Array.from({ length: 5 }, () => publishChanges(publishDeps, [record])));
    await publishChanges(publishDeps, [record]);
    await publishChanges(publishDeps, [statusRecord(no.userId, no.contract.id, 'pago')]);

    const sent = await messagesTo(yes.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'pagamento_confirmado', language: 'pt_BR' });
    expect(sent[0]!.params).toEqual(['Maria', yes.contract.protocolo, 'R$ 399,00']);
    expect(sent[0]!.text).toContain(yes.contract.protocolo);
    expect(await messagesTo(no.phone)).toHaveLength(0);
  });

  it('statuses out of order: the latest wins; a status of a message we never sent is ignored with 200', async () => {
    const c = await customer({ consent: true });
    await publishChanges(publishDeps, [statusRecord(c.userId, c.contract.id, 'pago')]);
    const [message] = await messagesTo(c.phone);
    const t = Math.floor(Date.now() / 1000);
    expect(await control.status(message!.id, 'read', t + 3)).toBe(200);
    expect(await control.status(message!.id, 'sent', t + 1)).toBe(200);
    expect(await control.status(message!.id, 'delivered', t + 2)).toBe(200);
    const channel = await channelOf(c.profile.id);
    expect(channel.messages).toHaveLength(1);
    expect(channel.messages[0]).toMatchObject({ status: 'read', statusAt: new Date((t + 3) * 1000).toISOString() });

    const unknown = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            { field: 'messages', value: { statuses: [{ id: 'wamid.nunca', status: 'read', timestamp: String(t) }] } },
          ],
        },
      ],
    });
    const answer = await postWebhook(unknown, { [WHATSAPP_SIGNATURE_HEADER]: whatsappSignature(APP_SECRET, unknown) });
    expect(answer.statusCode).toBe(200);
  });

  it('a refusal is recorded (the e-mail stands in); an outage leaves it to the next try, which sends it once', async () => {
    const c = await customer({ consent: true });
    await control.fail('reject');
    const refused = await sendWhatsAppOnce(
      { db, clock: systemClock, whatsapp },
      {
        userId: c.userId,
        template: 'kitApproved',
        params: { nome: 'Maria', protocolo: c.contract.protocolo },
        onceKey: 'teste#recusa',
      },
    );
    expect(refused).toBe('rejected');
    expect((await channelOf(c.profile.id)).messages[0]).toMatchObject({ status: 'rejected' });

    await control.fail('500');
    const notice = {
      userId: c.userId,
      template: 'removalGranted' as const,
      params: { nome: 'Maria', protocolo: c.contract.protocolo },
      onceKey: 'teste#queda',
    };
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice)).toBe('unavailable');
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice)).toBe('sent');
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice)).toBe('already-sent');
    expect((await messagesTo(c.phone)).map((m) => m.template)).toEqual(['baixa_deferida']);
  });
});

describe('replies', () => {
  it("'SAIR' withdraws consent, is confirmed once, and no message follows", async () => {
    const c = await customer({ consent: true });
    expect(await control.reply(c.phone, 'SAIR')).toBe(200);
    expect(await control.reply(c.phone, 'sair')).toBe(200);
    const mine = okBody(await callRoute(getMyWhatsAppRoute, getMyWhatsApp, { claims: c.claims }));
    expect(mine.consent).toMatchObject({ state: 'withdrawn', withdrawnVia: 'whatsapp' });
    const confirmations = (await messagesTo(c.phone)).filter((m) => m.type === 'text');
    expect(confirmations.map((m) => m.text)).toEqual([optOutConfirmationText(EXAMPLE_COMPANY.brand)]);

    await publishChanges(publishDeps, [statusRecord(c.userId, c.contract.id, 'pago')]);
    expect((await messagesTo(c.phone)).filter((m) => m.type === 'template')).toHaveLength(0);
  });

  it('any other reply is shown to the admins and on Hoje until answered', async () => {
    const c = await customer({ consent: true });
    const text = `Quando sai a baixa? ${ulid()}`;
    expect(await control.reply(c.phone.replace(/^55(\d\d)9/, '55$1'), text)).toBe(200);
    const channel = await channelOf(c.profile.id);
    expect(channel.replies).toEqual([expect.objectContaining({ text, answeredAt: null, optOut: false })]);
    expect(channel.answerLink).toBe(`https://wa.me/${c.phone}`);

    const today = async () =>
      okBody(await callRoute(getAdminTodayRoute, getAdminToday, { claims: adminClaims() })).queues.find(
        (q) => q.id === 'respostas',
      )!;
    expect((await today()).items.concat().some((item) => item.subtitle === text)).toBe(true);
    const answered = okBody(
      await callRoute(answerAdminClientWhatsAppReplyRoute, answerReply, {
        claims: adminClaims(),
        params: { id: c.profile.id },
        body: { replyId: channel.replies[0]!.id },
      }),
    );
    expect(answered).toEqual({ answered: true });
    expect((await today()).items.some((item) => item.subtitle === text)).toBe(false);
  });

  it('forged posts → 401 each, and nothing stored', async () => {
    const c = await customer({ consent: true });
    const forged = (n: number) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              {
                field: 'messages',
                value: {
                  messages: [
                    {
                      from: c.phone,
                      id: `wamid.forjada${n}`,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: 'text',
                      text: { body: 'SAIR' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
    const headersOf = (n: number, body: string): Record<string, string> =>
      n % 3 === 0
        ? {}
        : n % 3 === 1
          ? { [WHATSAPP_SIGNATURE_HEADER]: whatsappSignature('not-the-app-secret', body) }
          : { [WHATSAPP_SIGNATURE_HEADER]: whatsappSignature(APP_SECRET, `${body} `) };
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => {
          const body = forged(batch * 30 + i);
          return postWebhook(body, headersOf(i, body));
        }),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses).toHaveLength(300);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const { Items } = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :reply)',
        ExpressionAttributeValues: { ':pk': keys.customer(c.userId), ':reply': 'WHATSAPP_REPLY#' },
      }),
    );
    expect(Items).toEqual([]);
    expect(okBody(await callRoute(getMyWhatsAppRoute, getMyWhatsApp, { claims: c.claims })).consent?.state).toBe(
      'granted',
    );
  });
});

describe('a WhatsApp that did not go is tried again (the reminders’ hourly run)', () => {
  /** The reminders' run, with only its catalogue grants, at an instant minutes from now. */
  const retryDb = guardedTestDb('SendReminders');
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  /** A client whose calls time out fast: the stand-in's 'timeout' holds a request for seconds. */
  const impatient = createWhatsApp({
    baseUrl: `http://127.0.0.1:${WHATSAPP_PORT}`,
    phoneNumberId: INTEGRATION_WHATSAPP_PHONE_NUMBER_ID,
    accessToken: async () => INTEGRATION_SECRETS.whatsappAccessToken,
    timeoutMs: 300,
  });
  const retryAt = (minutes: number, client: WhatsApp = whatsapp) =>
    retryDueWhatsApp({ db: retryDb, clock: () => at(minutes), whatsapp: client });
  const templatesTo = async (phone: string) =>
    (await messagesTo(phone)).filter((message) => message.type === 'template');
  const notice = (c: { userId: string; contract: { protocolo: string } }, onceKey: string) => ({
    userId: c.userId,
    template: 'removalGranted' as const,
    params: { nome: 'Maria', protocolo: c.contract.protocolo },
    onceKey,
  });

  it('5xx, then a timeout: sent by a later run, once, whatever the runs at the same time', async () => {
    const c = await customer({ consent: true });
    await control.fail('500');
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice(c, 'teste#retry'))).toBe('unavailable');
    let [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({
      status: 'sending',
      attempts: 1,
      errorText: 'O WhatsApp não respondeu.',
    });
    expect(Date.parse(message!.retryAt!)).toBeGreaterThan(at(14).getTime());

    // Not due yet: a run now leaves it.
    await retryAt(0);
    expect(await templatesTo(c.phone)).toHaveLength(0);

    // Sixteen minutes on, the API does not answer in time: the attempt counts, and the next waits an hour.
    await control.fail('timeout');
    await retryAt(16, impatient);
    [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({ status: 'sending', attempts: 2 });
    expect(Date.parse(message!.retryAt!)).toBeGreaterThan(at(16 + 59).getTime());
    await retryAt(30);
    expect(await templatesTo(c.phone)).toHaveLength(0);

    // Two runs at once when it is due: one message.
    await Promise.all([retryAt(80), retryAt(80)]);
    const sent = await templatesTo(c.phone);
    expect(sent.map((m) => m.template)).toEqual(['baixa_deferida']);
    [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({ status: 'accepted', attempts: 3, retryAt: null, error: null, errorText: null });
    // Done is done: later runs and the original sender send nothing more.
    await retryAt(200);
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice(c, 'teste#retry'))).toBe('already-sent');
    expect(await templatesTo(c.phone)).toHaveLength(1);
  });

  it('a rate limit is tried again; three failed attempts end it for good, shown on the case file', async () => {
    const c = await customer({ consent: true });
    await control.fail('reject', 1, 130429);
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice(c, 'teste#limite'))).toBe('unavailable');
    await control.fail('500', 2);
    await retryAt(20);
    await retryAt(90);
    const [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({ status: 'failed', attempts: 3, retryAt: null });
    await retryAt(300);
    expect(await templatesTo(c.phone)).toHaveLength(0);
  });

  it("a 'failed' that may pass is sent again; a late status of the failed message changes nothing", async () => {
    const c = await customer({ consent: true });
    await publishChanges(publishDeps, [statusRecord(c.userId, c.contract.id, 'pago')]);
    const [first] = await templatesTo(c.phone);
    const t = Math.floor(Date.now() / 1000);
    expect(await control.status(first!.id, 'failed', t + 2, 131000)).toBe(200);
    // Meta's 'delivered' of the same message, arriving after its 'failed' but older: ignored.
    expect(await control.status(first!.id, 'delivered', t + 1)).toBe(200);
    let [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({
      status: 'sending',
      attempts: 1,
      errorText: 'O WhatsApp estava indisponível ou limitando os envios.',
    });
    expect(message!.retryAt).not.toBeNull();

    await retryAt(20);
    const sent = await templatesTo(c.phone);
    expect(sent.map((m) => m.template)).toEqual(['pagamento_confirmado', 'pagamento_confirmado']);
    expect(sent[0]!.id).not.toBe(first!.id);
    // The first message's late 'failed' no longer speaks for the entry: the retry's message does.
    expect(await control.status(first!.id, 'failed', t + 9, 131000)).toBe(200);
    expect(await control.status(sent[0]!.id, 'delivered', t + 10)).toBe(200);
    [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({ status: 'delivered', attempts: 2, retryAt: null, errorText: null });
    await retryAt(120);
    expect(await templatesTo(c.phone)).toHaveLength(2);
  });

  it("a 'failed' for good (a number without WhatsApp) is never retried and says why on the case file", async () => {
    const c = await customer({ consent: true });
    await publishChanges(publishDeps, [statusRecord(c.userId, c.contract.id, 'pago')]);
    const [first] = await templatesTo(c.phone);
    expect(await control.status(first!.id, 'failed', Math.floor(Date.now() / 1000) + 2, 131026)).toBe(200);
    const [message] = (await channelOf(c.profile.id)).messages;
    expect(message).toMatchObject({
      status: 'failed',
      retryAt: null,
      errorText:
        'O número não pode receber a mensagem (sem WhatsApp, aplicativo desatualizado ou a empresa foi bloqueada).',
    });
    await retryAt(20);
    expect(await templatesTo(c.phone)).toHaveLength(1);

    // A template Meta refuses when sent (not approved): refused for good, with its reason.
    await control.fail('reject', 1, 132001);
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice(c, 'teste#modelo'))).toBe('rejected');
    const refused = (await channelOf(c.profile.id)).messages.find((m) => m.event === 'teste#modelo');
    expect(refused).toMatchObject({
      status: 'rejected',
      retryAt: null,
      errorText: 'O modelo da mensagem foi recusado pelo WhatsApp (não aprovado, pausado ou com parâmetros inválidos).',
    });
  });

  it('never after the consent is withdrawn: the waiting message is closed, not sent', async () => {
    const c = await customer({ consent: true });
    await control.fail('500');
    expect(await sendWhatsAppOnce({ db, clock: systemClock, whatsapp }, notice(c, 'teste#saiu'))).toBe('unavailable');
    expect(await control.reply(c.phone, 'SAIR')).toBe(200);
    await retryAt(20);
    expect(await templatesTo(c.phone)).toHaveLength(0);
    const message = (await channelOf(c.profile.id)).messages.find((m) => m.event === 'teste#saiu');
    expect(message).toMatchObject({ status: 'cancelled', retryAt: null });
    // Consenting again does not revive it: that news went by e-mail.
    okBody(await callRoute(setMyWhatsAppRoute, setMyWhatsApp, { claims: c.claims, body: { consent: true } }));
    await retryAt(40);
    expect(await templatesTo(c.phone)).toHaveLength(0);
  });
});
