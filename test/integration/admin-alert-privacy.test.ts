import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { exportMyDataRoute, requestErasureRoute } from '../../domain/api/data-rights.js';
import { deleteClient, type ClientDeletionDeps } from '../../lambdas/admin/clients/admin-clients-service.js';
import { withdrawContract } from '../../lambdas/contracts/withdrawal-service.js';
import { executeErasureRequest } from '../../lambdas/data-rights/erasure-service.js';
import { handler as exportMyData } from '../../lambdas/data-rights/export-my-data.js';
import { handler as requestErasure } from '../../lambdas/data-rights/request-erasure.js';
import { createS3DocumentEraser } from '../../lambdas/providers/documents.js';
import { createCognitoUserAccounts } from '../../lambdas/providers/user-accounts.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { raiseAdminAlert, type AdminAlert } from '../../lambdas/shared/data/admin-alerts.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { claimLease, completeLease } from '../../lambdas/shared/data/table.js';
import { createEmailAddress, createProfileInput, customerClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { INTEGRATION_BUCKET } from './global-setup.js';
import { initialContractFor, seedCustomer, seedSignature } from './seed.js';

/**
 * Admin alerts and the customer's data rights (docs/decisions.md, "Admin alerts and personal data"): an alert names no
 * one by name or e-mail, the customer's export lists the alerts about them, and their deletion (by an admin, or an
 * erasure request carried out) removes them.
 */
const db = testDb();
const cognito = useCognitoWithTriggers();
const sim = useAsaasSimulator();
const admin = { userId: ulid(), email: 'admin@baixa.test', isAdmin: true };

const deletionDeps = (): ClientDeletionDeps => ({
  db,
  clock: () => new Date(),
  accounts: createCognitoUserAccounts({ userPoolId: cognito.pool.userPoolId, client: cognito.client }),
  documents: createS3DocumentEraser({ bucket: INTEGRATION_BUCKET, pathStyle: true }),
  asaas: sim.asaas,
  workflow: { stop: async () => 'not-running' },
});

const alertAbout = (userId: string | null, subject: string): AdminAlert => ({
  id: `teste#${ulid()}`,
  userId,
  subject,
  paragraphs: ['Primeiro parágrafo.', 'Segundo parágrafo.'],
  actionPath: '/admin/financeiro',
  actionLabel: 'Abrir Financeiro',
});

/** An alert raised and e-mailed (its sent marker completed, as the stream consumer leaves it). */
async function raisedAndSent(alert: AdminAlert) {
  const now = new Date();
  expect(await raiseAdminAlert(db, alert, now.toISOString())).toBe('raised');
  expect(await claimLease(db, keys.adminAlertSent(alert.id), { now, leaseSeconds: 10, attributes: {} })).toBe(
    'claimed',
  );
  await completeLease(db, keys.adminAlertSent(alert.id), now);
}

const item = async (key: { pk: string; sk: string }) =>
  (await db.client.send(new GetCommand({ TableName: db.tableName, Key: key }))).Item;
const alertItem = (alertId: string) => item(pointerKey(keys.adminAlert(alertId)));
const sentMarker = (alertId: string) => item(pointerKey(keys.adminAlertSent(alertId)));
const alertRef = (userId: string, alertId: string) =>
  item({ pk: keys.customer(userId), sk: keys.adminAlertRefSk(alertId) });

/** A customer with a Cognito account, a profile and its unsigned contract (no money: deletable at once). */
async function customerWithAccount() {
  const email = createEmailAddress('avisos');
  const userId = await cognito.signUpConfirmed(email);
  const { profile } = await createProfile(db, {
    userId,
    input: createProfileInput({ email }),
    referredByProfileId: null,
    now: new Date().toISOString(),
    initialContract: initialContractFor(),
  });
  return { userId, email, profile };
}

describe('admin alerts and personal data', () => {
  it("the withdrawal's alert names the contract by its protocol, never the customer's name or e-mail", async () => {
    const customer = await seedCustomer(db, { nome_completo: 'Joana Sigilosa de Teste' });
    await seedSignature(db, customer);
    const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
    await withdrawContract(
      {
        db,
        clock: systemClock,
        asaas: sim.asaas,
        workflow: recordingWorkflow(),
        sendEmail: async () => undefined,
        appUrl: 'http://127.0.0.1:5173',
      },
      caller,
      customer.contract.id,
    );

    const alert = await alertItem(`desistencia#${customer.contract.id}`);
    expect(alert).toMatchObject({ user_id: customer.userId });
    const text = JSON.stringify(alert);
    expect(text).toContain(customer.contract.protocolo);
    expect(text).not.toContain('Joana');
    expect(text.toLowerCase()).not.toContain(customer.profile.email.toLowerCase());
    expect(await alertRef(customer.userId, `desistencia#${customer.contract.id}`)).toBeDefined();
  });

  it("'Baixar meus dados' lists the alerts about the caller, and nobody else's", async () => {
    const customer = await seedCustomer(db);
    const other = await seedCustomer(db);
    const mine = alertAbout(customer.userId, 'Contrato cancelado pelo cliente — protocolo do cliente');
    const theirs = alertAbout(other.userId, 'Aviso de outro cliente');
    await raisedAndSent(mine);
    await raisedAndSent(theirs);
    await raisedAndSent(alertAbout(null, 'Aviso sem cliente'));

    const data = okBody(
      await callRoute(exportMyDataRoute, exportMyData, {
        claims: customerClaims(customer.userId, customer.profile.email),
      }),
    );

    expect(data.avisos_a_equipe).toEqual([
      {
        assunto: mine.subject,
        mensagem: 'Primeiro parágrafo. Segundo parágrafo.',
        criado_em: expect.any(String),
      },
    ]);
    // The reference is machinery, not shown as an unknown record.
    expect(JSON.stringify(data.outros)).not.toContain('ADMIN_ALERT');
  });

  it("a client's deletion removes the alerts about them, with their sent markers, and leaves the others", async () => {
    const customer = await customerWithAccount();
    const other = await seedCustomer(db);
    const mine = alertAbout(customer.userId, 'Aviso do cliente excluído');
    const theirs = alertAbout(other.userId, 'Aviso de outro cliente');
    await raisedAndSent(mine);
    await raisedAndSent(theirs);

    await deleteClient(deletionDeps(), {
      profileId: customer.profile.id,
      confirmation: customer.profile.id,
      caller: admin,
    });

    expect(await alertItem(mine.id)).toBeUndefined();
    expect(await sentMarker(mine.id)).toBeUndefined();
    expect(await alertRef(customer.userId, mine.id)).toBeUndefined();
    expect(await alertItem(theirs.id)).toBeDefined();
    expect(await sentMarker(theirs.id)).toBeDefined();
  });

  it('an erasure request carried out removes the alerts about the customer', async () => {
    const customer = await customerWithAccount();
    const mine = alertAbout(customer.userId, 'Aviso de quem pediu a exclusão');
    await raisedAndSent(mine);
    const { protocolo } = okBody(
      await callRoute(requestErasureRoute, requestErasure, { claims: customerClaims(customer.userId, customer.email) }),
    ).request;

    const { request } = await executeErasureRequest(deletionDeps(), { protocolo, caller: admin });

    expect(request.status).toBe('concluida');
    expect(await alertItem(mine.id)).toBeUndefined();
    expect(await sentMarker(mine.id)).toBeUndefined();
  });
});
