import {
  AdminConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { expect, inject } from 'vitest';
import { signContractRoute } from '../../domain/api/contracts.js';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { createChargeRoute } from '../../domain/api/payments.js';
import type { Dashboard } from '../../domain/schemas/dashboard.js';
import { createProfileRoute } from '../../domain/api/profile.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { localCognito, openSignedIn } from './sessions.js';

/**
 * Customers made through Cognito's and the product's own APIs, for browser tests that are not about signing up, the
 * profile form or the contract screen (those walk the screens: auth, profile, contract, slice). The API is called
 * through the app's origin, as the SPA calls it (the local edge adds the origin secret and the viewer headers), so the
 * profile, its contract and the signature are written by the real handlers, e-mails included.
 */
export type ApiCustomer = {
  email: string;
  password: string;
  name: string;
  cpf: string;
  userId: string;
  idToken: string;
  contractId: string;
  protocol: string;
};

const PASSWORD = 'segredo123';

/** A confirmed account (what sign-up and the e-mail's link make), and its id token. */
export async function confirmedAccount(
  email = `cliente.${ulid().toLowerCase()}@example.com`,
  password = PASSWORD,
): Promise<{ email: string; password: string; userId: string; idToken: string }> {
  const { userPoolId, userPoolClientId } = inject('e2e');
  const client = localCognito();
  try {
    await client.send(
      new SignUpCommand({
        ClientId: userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = auth.AuthenticationResult!.IdToken!;
    const userId = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    return { email, password, userId, idToken };
  } finally {
    client.destroy();
  }
}

/** Calls a route of the API with the customer's token, through the app's origin; a refusal fails the test. */
export async function callApi<T>(idToken: string, method: string, path: string, body?: unknown): Promise<T> {
  const { apiUrl } = inject('e2e');
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A customer with a saved profile (CPF, address of the CEP stand-in's 30130-010) and its initial contract, signed
 * unless `signed: false`.
 */
export async function apiCustomer(
  options: {
    email?: string;
    name?: string;
    cpf?: string;
    signed?: boolean;
    referralRef?: string;
    /** The profile's WhatsApp (a number of its own where a test's replies must reach this customer). */
    whatsapp?: string;
  } = {},
): Promise<ApiCustomer> {
  const account = await confirmedAccount(options.email);
  const name = options.name ?? 'Cliente de Teste';
  const cpf = options.cpf ?? generateCpf();
  const created = await callApi<{ contract: { id: string; protocolo: string } }>(
    account.idToken,
    createProfileRoute.method,
    createProfileRoute.path,
    {
      tipo_documento: 'cpf',
      cpf,
      nome_completo: name,
      whatsapp: options.whatsapp ?? '(31) 99876-5432',
      cep: '30130-010',
      endereco: 'Avenida Afonso Pena',
      numero: '100',
      bairro: 'Centro',
      cidade: 'Belo Horizonte',
      estado: 'MG',
      ...(options.referralRef ? { referral_ref: options.referralRef } : {}),
    },
  );
  if (options.signed !== false) {
    await callApi(
      account.idToken,
      signContractRoute.method,
      signContractRoute.path.replace('{contractId}', created.contract.id),
      { aceite: CONTRACT_MESSAGES.consentLabel },
    );
  }
  return { ...account, name, cpf, contractId: created.contract.id, protocol: created.contract.protocolo };
}

/**
 * Opens the dashboard signed in as the customer, as the sign-in form would leave it (sessions.ts: the form itself is
 * walked by the tests about signing in).
 */
export async function openDashboardAs(page: Page, customer: { email: string; password: string }): Promise<void> {
  const { appUrl } = inject('e2e');
  await openSignedIn(page, customer, '/app/dashboard');
  await page.waitForURL(`${appUrl}/app/dashboard`);
}

/**
 * A customer who signed and paid a PIX through the API and the Asaas simulator, once the payment workflow made the
 * process 'pago'; with the charge's Asaas id, for the simulator's refund and chargeback switches.
 */
export async function paidApiCustomer(name: string): Promise<ApiCustomer & { asaasId: string }> {
  const { asaasUrl } = inject('e2e');
  const customer = await apiCustomer({ name });
  const { charge } = await callApi<{ charge: { asaas_id: string } }>(
    customer.idToken,
    createChargeRoute.method,
    createChargeRoute.path.replace('{contractId}', customer.contractId),
  );
  await fetch(`${asaasUrl}/__control/payments/${charge.asaas_id}/pay`, { method: 'POST' });
  await expect
    // The first payment of a run also starts the workflow's functions cold.
    .poll(async () => (await customerCollection(customer.idToken)).processes[0]?.status, { timeout: 60_000 })
    .toBe('pago');
  return { ...customer, asaasId: charge.asaas_id };
}

/** The customer's collection as the dashboard reads it. */
export function customerCollection(idToken: string): Promise<Dashboard> {
  return callApi<Dashboard>(idToken, getDashboardRoute.method, getDashboardRoute.path);
}
