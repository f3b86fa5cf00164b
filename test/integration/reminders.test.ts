import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, saoPauloDay, saoPauloDayStart } from '../../domain/sao-paulo-calendar.js';
import type { KitItemKey } from '../../domain/filing-kit.js';
import {
  sendDueReminders,
  type ReminderDeps,
  type ReminderWhatsAppMessage,
} from '../../lambdas/reminders/reminder-service.js';
import { getAdminClientDetail } from '../../lambdas/admin/clients/admin-clients-service.js';
import { createWhatsApp, type WhatsApp } from '../../lambdas/providers/whatsapp.js';
import { startWhatsAppStandIn, whatsAppControl, type WhatsAppStandIn } from '../../local/services/whatsapp.js';
import { reminderWhatsApp } from '../../lambdas/reminders/reminder-whatsapp.js';
import { grantWhatsAppConsent } from '../../lambdas/shared/data/whatsapp.js';
import { createSesEmailSender, type SendEmail } from '../../lambdas/providers/email.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { saveConfirmedUpload } from '../../lambdas/shared/data/filing-kit.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { recordingSentEmails } from '../../lambdas/shared/sent-email-log.js';
import { createEmailAddress } from '../factories.js';
import { createCharge, createContract } from '../seeds.js';
import { guardedTestDb, testDb } from './db.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer } from './seed.js';

/**
 * The reminders' sweep against DynamoDB Local and the local SES, with only its catalogue grants: what is due goes once,
 * one a day per customer, and stops when the customer acts. Seeds are dated in the past and runs use the real clock
 * (or a day or a few later), so other files' customers are rarely in a window.
 */
const db = testDb();
const reminderDb = guardedTestDb('SendReminders');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ses = createSesEmailSender({ from: INTEGRATION_SENDER });

function deps(now: Date, overrides: Partial<ReminderDeps> = {}): ReminderDeps {
  return {
    db: reminderDb,
    clock: () => now,
    sendEmail: recordingSentEmails(ses, reminderDb, () => now),
    appUrl: 'http://127.0.0.1:5173',
    ...overrides,
  };
}

const ago = (ms: number, from = new Date()) => new Date(from.getTime() - ms).toISOString();

/** A customer with a signed contract awaiting payment and a PIX generated `age` ago, payable until `expiresAt`. */
async function customerWithUnpaidPix(age: number, expiresAt: string | null, now = new Date()) {
  const email = createEmailAddress('lembrete');
  const customer = await seedCustomer(db, { email });
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  await changeProcessStatus(db, { ref, to: 'pagamento_pendente', byUser: 'system', now: ago(age, now) });
  const charge = await createCharge(db, {
    ...ref,
    asaasId: `pay_${ulid().toLowerCase()}`,
    now: ago(age, now),
    valor: 399,
    pixValidoAte: expiresAt,
  });
  return { ...customer, email, ref, charge };
}

/** A customer whose process became 'pago' `age` ago, with these kit items sent. */
async function paidCustomerWithKit(age: number, sent: readonly KitItemKey[], now = new Date()) {
  const email = createEmailAddress('documentos');
  const customer = await seedCustomer(db, { email });
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  await changeProcessStatus(db, { ref, to: 'pago', byUser: 'system', now: ago(age, now) });
  for (const key of sent) await sendKitItem(ref, key);
  return { ...customer, email, ref };
}

async function sendKitItem(ref: { userId: string; contractId: string }, key: KitItemKey) {
  const at = new Date().toISOString();
  await saveConfirmedUpload(db, ref, {
    uploadId: ulid(),
    item: {
      contrato_id: ref.contractId,
      key,
      state: 'enviado',
      files: [],
      sent_at: at,
      updated_at: at,
      pdf_key: null,
      version: 0,
    },
    readVersion: null,
    at,
  });
}

const REQUIRED_CPF: KitItemKey[] = ['identidade', 'comprovante_endereco', 'relatorio_negativacao', 'procuracao'];

async function partitionItems(userId: string, prefix: string) {
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.customer(userId), ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

/** The end of São Paulo's day `days` after today, as `pix_valido_ate` says it. */
const endOfDayAfter = (days: number, now = new Date()) =>
  new Date(Date.parse(saoPauloDayStart(addCalendarDays(saoPauloDay(now), days + 1))) - 1000).toISOString();

describe('an unpaid charge', () => {
  it('gets one reminder 24 hours after it was generated, recorded for the case file', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);

    const outcome = await sendDueReminders(deps(now));
    expect(outcome.errors).toBe(0);
    const mails = await emailsTo(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Seu pagamento está pendente — protocolo ${customer.contract.protocolo}`);
    expect(mails[0]!.body?.html).toContain('http://127.0.0.1:5173/app/pagamento');

    const [day] = await partitionItems(customer.userId, keys.reminderDaySk(''));
    expect(day).toMatchObject({
      type: 'REMINDER',
      kind: 'cobranca_24h',
      lembrete_id: `cobranca_24h#${customer.charge.id}`,
      contrato_id: customer.contract.id,
      dia: saoPauloDay(now),
      canais: ['email'],
    });
    expect(day!.enviado_em).toBeTypeOf('string');
    const [sent] = await partitionItems(customer.userId, keys.sentEmailSk('', '').replace(/#+$/, '#'));
    expect(sent).toMatchObject({ type: 'SENT_EMAIL', assunto: mails[0]!.subject });

    // The admins' case file shows the reminder beside the e-mail it was.
    const { timeline } = await getAdminClientDetail(db, customer.profile.id);
    expect(timeline.filter((event) => event.kind === 'lembrete')).toEqual([
      expect.objectContaining({
        title: 'Lembrete de pagamento: cobrança não paga 24 horas depois de gerada',
        protocolo: customer.contract.protocolo,
        details: ['Enviado por e-mail'],
      }),
    ]);
    expect(timeline.some((event) => event.kind === 'email' && event.title === mails[0]!.subject)).toBe(true);
  });

  it('gets none when it was paid before the 24 hours', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);
    await recordChargeStatus(
      db,
      { ...customer.ref, chargeId: customer.charge.id },
      'PENDING',
      'RECEIVED',
      ago(2 * HOUR, now),
    );

    await sendDueReminders(deps(now));
    expect(await emailsTo(customer.email)).toHaveLength(0);
  });

  it('gets none within its first 24 hours', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(23 * HOUR, endOfDayAfter(3, now), now);
    await sendDueReminders(deps(now));
    expect(await emailsTo(customer.email)).toHaveLength(0);
  });

  it('gets its second reminder on the eve of its expiry, and none once paid', async () => {
    const now = new Date();
    // Generated two days ago, payable until the end of tomorrow: today is the eve.
    const eve = await customerWithUnpaidPix(2 * DAY, endOfDayAfter(1, now), now);
    const paid = await customerWithUnpaidPix(2 * DAY, endOfDayAfter(1, now), now);
    await recordChargeStatus(db, { ...paid.ref, chargeId: paid.charge.id }, 'PENDING', 'RECEIVED', now.toISOString());

    await sendDueReminders(deps(now));
    const mails = await emailsTo(eve.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(
        new RegExp(`^Seu pagamento vence em \\d{2}/\\d{2}/\\d{4} — protocolo ${eve.contract.protocolo}$`),
      ),
    ]);
    expect(await emailsTo(paid.email)).toHaveLength(0);
  });

  it('is not reminded for a PIX a newer one replaced', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(30 * HOUR, endOfDayAfter(2, now), now);
    // 'Gerar novo PIX' an hour ago: the new one is not 24 hours old, the old one is no longer the one to pay.
    await createCharge(db, { ...customer.ref, asaasId: `pay_${ulid().toLowerCase()}`, now: ago(HOUR, now) });
    await sendDueReminders(deps(now));
    expect(await emailsTo(customer.email)).toHaveLength(0);
  });
});

describe("a boleto's reminder follows its own due date", () => {
  it('goes on the eve of the due day, saying until when the boleto can be paid', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(25 * HOUR, null, now);
    // The charge is a boleto due tomorrow (São Paulo): no PIX validity, only Asaas's due date.
    const dueDay = addCalendarDays(saoPauloDay(now), 1);
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(customer.userId), sk: keys.chargeSk(customer.contract.id, customer.charge.id) },
        UpdateExpression: 'SET forma = :boleto, vencimento = :due, valor = :valor',
        ExpressionAttributeValues: { ':boleto': 'boleto', ':due': dueDay, ':valor': 419 },
      }),
    );

    expect((await sendDueReminders(deps(now))).errors).toBe(0);
    const mails = await emailsTo(customer.email);
    expect(mails).toHaveLength(1);
    const [day] = await partitionItems(customer.userId, keys.reminderDaySk(''));
    expect(day).toMatchObject({ kind: 'cobranca_vespera', lembrete_id: `cobranca_vespera#${customer.charge.id}` });
    const [yyyy, mm, dd] = dueDay.split('-');
    expect(mails[0]!.subject).toBe(
      `Seu pagamento vence em ${dd}/${mm}/${yyyy} — protocolo ${customer.contract.protocolo}`,
    );
    expect(mails[0]!.body?.html).toContain('O boleto de R$');
    expect(mails[0]!.body?.html).toContain(`vale até ${dd}/${mm}/${yyyy} 23:59`);
  });
});

describe('one a day, once each', () => {
  it('a second run the same day sends nothing; the next day the other reminder due goes', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(3, now), now);
    // A second contract of the same customer (a renewal) with its own unpaid PIX of the same age.
    const renewal = await createContract(db, {
      userId: customer.userId,
      profileId: customer.profile.id,
      valor: 399,
      formaPagamento: 'pix',
      parentContractId: customer.contract.id,
      now: new Date(ago(26 * HOUR, now)),
    });
    const second = await createCharge(db, {
      userId: customer.userId,
      contractId: renewal.contract.id,
      asaasId: `pay_${ulid().toLowerCase()}`,
      now: ago(25 * HOUR, now),
      pixValidoAte: endOfDayAfter(3, now),
    });

    await sendDueReminders(deps(now));
    // The same run's instant again: "later the same day" at any other would cross midnight when the suite runs late.
    await sendDueReminders(deps(now));
    expect(await emailsTo(customer.email)).toHaveLength(1);

    const tomorrow = new Date(now.getTime() + DAY);
    const outcome = await sendDueReminders(deps(tomorrow));
    expect(outcome.errors).toBe(0);
    const mails = await emailsTo(customer.email);
    expect(mails).toHaveLength(2);
    const days = await partitionItems(customer.userId, keys.reminderDaySk(''));
    expect(days.map((item) => item.lembrete_id).sort()).toEqual(
      [`cobranca_24h#${customer.charge.id}`, `cobranca_24h#${second.id}`].sort(),
    );
    expect(days.map((item) => item.dia)).toEqual([saoPauloDay(now), saoPauloDay(tomorrow)]);
  });

  it('a failed send is retried by the next run and then sent once; two runs at once send once', async () => {
    // Noon in São Paulo: the runs below span two hours, which from 22:00 on crossed into the next day, whose own
    // reminder is due (the test failed every evening).
    const now = new Date(Date.parse(saoPauloDayStart(saoPauloDay(new Date()))) + 12 * HOUR);
    const customer = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);
    const failing: SendEmail = async (to, email) => {
      if (to === customer.email) throw new Error('SES is down');
      await ses(to, email);
    };

    const failed = await sendDueReminders(deps(now, { sendEmail: failing }));
    expect(failed.errors).toBe(1);
    expect(await emailsTo(customer.email)).toHaveLength(0);

    const later = new Date(now.getTime() + HOUR);
    await Promise.all([sendDueReminders(deps(later)), sendDueReminders(deps(later)), sendDueReminders(deps(later))]);
    await sendDueReminders(deps(new Date(now.getTime() + 2 * HOUR)));
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });
});

describe('documents still owed after the payment', () => {
  it('get a reminder at 2 days and another at 5, naming what is missing', async () => {
    const now = new Date();
    const customer = await paidCustomerWithKit(2 * DAY + HOUR, ['identidade', 'comprovante_endereco']);

    await sendDueReminders(deps(now));
    let mails = await emailsTo(customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Faltam documentos para o seu pedido — protocolo ${customer.contract.protocolo}`,
    ]);
    expect(mails[0]!.body?.html).toContain('Relatório das negativações');
    expect(mails[0]!.body?.html).toContain('Procuração assinada');
    expect(mails[0]!.body?.html).not.toContain('Documento de identidade com foto');

    await sendDueReminders(deps(new Date(now.getTime() + DAY)));
    expect(await emailsTo(customer.email)).toHaveLength(1);

    await sendDueReminders(deps(new Date(now.getTime() + 3 * DAY)));
    mails = await emailsTo(customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Faltam documentos para o seu pedido — protocolo ${customer.contract.protocolo}`,
      `Ainda faltam documentos para o seu pedido — protocolo ${customer.contract.protocolo}`,
    ]);
  });

  it('stop once the customer sent every required document', async () => {
    const now = new Date();
    const customer = await paidCustomerWithKit(2 * DAY + HOUR, ['identidade']);
    await sendDueReminders(deps(now));
    expect(await emailsTo(customer.email)).toHaveLength(1);

    for (const key of REQUIRED_CPF.slice(1)) await sendKitItem(customer.ref, key);
    await sendDueReminders(deps(new Date(now.getTime() + 3 * DAY)));
    expect(await emailsTo(customer.email)).toHaveLength(1);
  });
});

describe('by WhatsApp too, with consent', () => {
  // The Graph API stand-in (its real request shapes, its inbox); no status webhooks are asked of it here.
  let standIn: WhatsAppStandIn;
  let control: ReturnType<typeof whatsAppControl>;
  let cloud: WhatsApp;
  beforeAll(async () => {
    standIn = await startWhatsAppStandIn({
      port: 0,
      accessToken: 'reminders-access-token',
      appSecret: 'reminders-app-secret',
      phoneNumberId: '100000000000002',
      webhookUrl: 'http://127.0.0.1:9/webhooks/whatsapp',
    });
    control = whatsAppControl(standIn.url);
    cloud = createWhatsApp({
      baseUrl: standIn.url,
      phoneNumberId: '100000000000002',
      accessToken: async () => 'reminders-access-token',
    });
  });
  afterAll(async () => {
    await standIn?.stop();
  });
  const sentTo = async (protocolo: string) =>
    (await control.messages())
      .filter((message) => message.params.includes(protocolo))
      .map(({ to, template, params }) => ({ to, template, params }));

  async function consent(userId: string) {
    await grantWhatsAppConsent(db, {
      userId,
      at: new Date().toISOString(),
      ip: '200.10.20.30',
      text: 'Quero receber atualizações do meu processo pelo WhatsApp da Limpa Nome',
      phone: '5535998765432',
      phoneKey: '553598765432',
    });
  }

  it('a consenting customer gets the WhatsApp template once; one without consent gets only the e-mail', async () => {
    const now = new Date();
    const consenting = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);
    const silent = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);
    await consent(consenting.userId);
    const whatsapp = reminderWhatsApp({ db: reminderDb, clock: () => now, whatsapp: cloud });

    await sendDueReminders(deps(now, { whatsapp }));
    await sendDueReminders(deps(now, { whatsapp }));

    expect(await sentTo(consenting.contract.protocolo)).toEqual([
      {
        to: '5535998765432',
        template: 'pagamento_pendente',
        params: [
          consenting.profile.nome_completo.split(' ')[0],
          consenting.contract.protocolo,
          'R$ 399,00',
          expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} 23:59$/),
        ],
      },
    ]);
    expect(await sentTo(silent.contract.protocolo)).toEqual([]);
    expect(await emailsTo(consenting.email)).toHaveLength(1);
    expect(await emailsTo(silent.email)).toHaveLength(1);
    const [day] = await partitionItems(consenting.userId, keys.reminderDaySk(''));
    expect(day!.canais).toEqual(['email', 'whatsapp']);
    const [silentDay] = await partitionItems(silent.userId, keys.reminderDaySk(''));
    expect(silentDay!.canais).toEqual(['email']);
  });

  it('sends the documents template for missing documents', async () => {
    const now = new Date();
    const customer = await paidCustomerWithKit(2 * DAY + HOUR, ['identidade']);
    await consent(customer.userId);
    await sendDueReminders(
      deps(now, { whatsapp: reminderWhatsApp({ db: reminderDb, clock: () => now, whatsapp: cloud }) }),
    );
    expect(await sentTo(customer.contract.protocolo)).toEqual([
      {
        to: '5535998765432',
        template: 'documentos_pendentes',
        params: [customer.profile.nome_completo.split(' ')[0], customer.contract.protocolo],
      },
    ]);
  });
});

describe('the WhatsApp seam', () => {
  it('is asked once per reminder sent, with the reminder and its words', async () => {
    const now = new Date();
    const customer = await customerWithUnpaidPix(25 * HOUR, endOfDayAfter(2, now), now);
    const asked: ReminderWhatsAppMessage[] = [];
    const whatsapp = async (message: ReminderWhatsAppMessage) => {
      if (message.userId === customer.userId) asked.push(message);
      return message.userId === customer.userId;
    };
    const outcome = await sendDueReminders(deps(now, { whatsapp }));
    await sendDueReminders(deps(now, { whatsapp }));
    expect(outcome.whatsapp).toBeGreaterThanOrEqual(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      reminder: { kind: 'cobranca_24h', id: `cobranca_24h#${customer.charge.id}` },
      protocolo: customer.contract.protocolo,
    });
    const [day] = await partitionItems(customer.userId, keys.reminderDaySk(''));
    expect(day!.canais).toEqual(['email', 'whatsapp']);
  });
});
