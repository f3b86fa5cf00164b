import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { handler as getDashboard } from '../../lambdas/dashboard/get-dashboard.js';
import { handler as receiveEmailFeedback } from '../../lambdas/email/receive-email-feedback.js';
import { emailSuppressionOf } from '../../lambdas/shared/data/email-suppressions.js';
import { emailFromEnvironment } from '../../lambdas/shared/environment.js';
import { emailButton, emailLayout } from '../../lambdas/shared/email-layout.js';
import { customerClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { scanAllItems, testDb } from './db.js';
import { emailsTo } from './mail.js';
import { seedCustomer } from './seed.js';

const db = testDb();
const CONFIGURATION_SET = 'baixa-test-ConfigurationSet';

/** The common `mail` object of SES's events, as the configuration set publishes it (headers left out). */
const mailOf = (to: string) => ({
  timestamp: '2026-11-24T12:00:00.000Z',
  source: 'Baixa <nao-responda@baixa.test>',
  sourceArn: 'arn:aws:ses:sa-east-1:123456789012:identity/nao-responda@baixa.test',
  sendingAccountId: '123456789012',
  messageId: '0100018c-0000-0000-0000-000000000000-000000',
  destination: [to],
  headersTruncated: false,
  commonHeaders: { from: ['Baixa <nao-responda@baixa.test>'], to: [to], subject: 'Status atualizado' },
  tags: { 'ses:configuration-set': [CONFIGURATION_SET], 'ses:source-ip': ['192.0.2.10'] },
});

/** EventBridge's envelope of an SES event (detail-type 'Email Bounced' / 'Email Complaint Received'). */
const envelope = (detailType: string, detail: Record<string, unknown>) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': detailType,
  source: 'aws.ses',
  account: '123456789012',
  time: '2026-11-24T12:00:05Z',
  region: 'sa-east-1',
  resources: [`arn:aws:ses:sa-east-1:123456789012:configuration-set/${CONFIGURATION_SET}`],
  detail,
});

const bounce = (to: string, bounceType = 'Permanent', bounceSubType = 'General') =>
  envelope('Email Bounced', {
    eventType: 'Bounce',
    bounce: {
      feedbackId: '0100018c-feedback-000000',
      bounceType,
      bounceSubType,
      bouncedRecipients: [
        { emailAddress: to, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
      ],
      timestamp: '2026-11-24T12:00:02.669Z',
      remoteMtaIp: '198.51.100.7',
      reportingMTA: 'dns; a1-23.smtp-out.sa-east-1.amazonses.com',
    },
    mail: mailOf(to),
  });

const complaint = (to: string) =>
  envelope('Email Complaint Received', {
    eventType: 'Complaint',
    complaint: {
      feedbackId: '0100018c-complaint-000000',
      complaintSubType: null,
      complainedRecipients: [{ emailAddress: to }],
      timestamp: '2026-11-24T12:03:00.000Z',
      userAgent: 'Mozilla/5.0',
      complaintFeedbackType: 'abuse',
      arrivalDate: '2026-11-24T12:02:59.000Z',
    },
    mail: mailOf(to),
  });

const dashboardOf = async (userId: string, email: string) =>
  okBody(await callRoute(getDashboardRoute, getDashboard, { claims: customerClaims(userId, email) }));

describe('SES bounces and complaints (configuration set → EventBridge → ReceiveEmailFeedback)', () => {
  it('a permanent bounce suppresses the address and the customer’s dashboard says so', async () => {
    const { userId, profile } = await seedCustomer(db);
    expect((await dashboardOf(userId, profile.email)).emailDelivery).toBeNull();

    // SES reports the address as it was sent, in whatever case.
    await receiveEmailFeedback(bounce(profile.email.toUpperCase()));

    expect(await emailSuppressionOf(db, profile.email)).toEqual({ reason: 'bounce', at: '2026-11-24T12:00:02.669Z' });
    expect((await dashboardOf(userId, profile.email)).emailDelivery).toEqual({
      problem: 'bounce',
      since: '2026-11-24T12:00:02.669Z',
    });
    // A redelivery of the same event changes nothing.
    await receiveEmailFeedback(bounce(profile.email));
    expect((await dashboardOf(userId, profile.email)).emailDelivery?.problem).toBe('bounce');
    // The record keeps no address.
    const suppressions = (await scanAllItems(db)).filter((item) => item.type === 'EMAIL_SUPPRESSION');
    expect(suppressions.length).toBeGreaterThan(0);
    expect(JSON.stringify(suppressions)).not.toContain(profile.email);
  });

  it('a complaint suppresses the address too, with its own reason', async () => {
    const { userId, profile } = await seedCustomer(db);
    await receiveEmailFeedback(complaint(profile.email));
    expect((await dashboardOf(userId, profile.email)).emailDelivery).toEqual({
      problem: 'complaint',
      since: '2026-11-24T12:03:00.000Z',
    });
  });

  it('a transient bounce (a full mailbox) suppresses nothing', async () => {
    const { userId, profile } = await seedCustomer(db);
    await receiveEmailFeedback(bounce(profile.email, 'Transient', 'MailboxFull'));
    expect(await emailSuppressionOf(db, profile.email)).toBeNull();
    expect((await dashboardOf(userId, profile.email)).emailDelivery).toBeNull();
  });

  it('the new address of a customer who changed it is not flagged', async () => {
    const { userId, profile } = await seedCustomer(db);
    await receiveEmailFeedback(bounce(profile.email));
    expect((await dashboardOf(userId, `novo-${profile.email}`)).emailDelivery).toBeNull();
  });

  it('refuses an event that is not SES’s, thrown back so EventBridge retries and then dead-letters it', async () => {
    await expect(receiveEmailFeedback({ source: 'aws.ses', detail: { eventType: 'Bounce' } })).rejects.toThrow(
      /invalid input/,
    );
    await expect(receiveEmailFeedback({ ...bounce('a@example.com'), source: 'custom.app' })).rejects.toThrow();
  });
});

describe('every e-mail sent', () => {
  it('carries a plain-text part beside its HTML, from the same content', async () => {
    const to = `texto-${randomUUID()}@example.com`;
    const html = emailLayout({
      title: 'Título do aviso',
      audience: 'customer',
      name: 'Ana Souza',
      body: emailButton('http://127.0.0.1:5173/app', 'Abrir'),
      reason: 'Você recebeu este e-mail porque é um teste.',
    });
    await emailFromEnvironment()(to, { subject: 'Aviso', html });
    const [sent] = await emailsTo(to);
    expect(sent?.body?.html).toBe(html);
    const text = sent?.body?.text ?? '';
    expect(text.startsWith('Limpa Nome\n\nTítulo do aviso\n\nOlá, Ana!\n\nAbrir: http://127.0.0.1:5173/app\n\n')).toBe(
      true,
    );
    expect(text.endsWith('Você recebeu este e-mail porque é um teste.')).toBe(true);
    expect(text).not.toMatch(/<[a-z/!]/i);
  });
});
