import { randomBytes } from 'node:crypto';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAdminClientRoute, listAdminClientsRoute } from '../../domain/api/admin-clients.js';
import { listAdminChargesRoute } from '../../domain/api/admin-finance.js';
import { changeAdminProcessStatusRoute, listAdminProcessesRoute } from '../../domain/api/admin-processes.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { listAdminReferralsRoute } from '../../domain/api/admin-referrals.js';
import { signContractRoute } from '../../domain/api/contracts.js';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { issueNadaConstaRoute } from '../../domain/api/nada-consta.js';
import { createProfileRoute, getProfileRoute, updateProfileRoute } from '../../domain/api/profile.js';
import { formatDocument } from '../../domain/documents.js';
import { handler as getAdminClient } from '../../lambdas/admin/clients/get-admin-client.js';
import { handler as listAdminClients } from '../../lambdas/admin/clients/list-admin-clients.js';
import { handler as listAdminCharges } from '../../lambdas/admin/finance/list-admin-charges.js';
import { handler as changeStatus } from '../../lambdas/admin/processes/change-admin-process-status.js';
import { handler as listAdminProcesses } from '../../lambdas/admin/processes/list-admin-processes.js';
import { handler as listAdminReferrals } from '../../lambdas/admin/referrals/list-admin-referrals.js';
import { handler as issueNadaConsta } from '../../lambdas/certificates/issue-nada-consta.js';
import { handler as signContract } from '../../lambdas/contracts/sign-contract.js';
import { handler as getDashboard } from '../../lambdas/dashboard/get-dashboard.js';
import { handler as lookupProcess } from '../../lambdas/lookup/lookup-process.js';
import { handler as createProfile } from '../../lambdas/profile/create-profile.js';
import { handler as getProfile } from '../../lambdas/profile/get-profile.js';
import { handler as updateProfile } from '../../lambdas/profile/update-profile.js';
import { logger } from '../../lambdas/shared/logger.js';
import { adminClaims, createProfileInput, customerClaims, SIGNING_CONSENT } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';

/**
 * No CPF, e-mail or name in any log line. Every line the functions print (Powertools writes JSON
 * to stdout and stderr through its own Console) is captured while a customer goes through the main flows — profile,
 * contract, dashboard, the public lookup, Nada Consta (issued and refused), the admin's searches by CPF, name and
 * e-mail, a forged cursor — and the whole capture is scanned for that customer's personal data.
 */
const captured: string[] = [];
const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
const originalConsole = Object.fromEntries(CONSOLE_METHODS.map((method) => [method, console[method]]));

function capture(stream: NodeJS.WriteStream, original: typeof originals.out) {
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
}

const letters = (n: number) =>
  Array.from(randomBytes(n), (byte) => 'bcdfghjklmnpqrstvwxz'[byte % 20]!)
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

const userId = ulid();
const surname = `${letters(7)}ovski`;
const middle = `${letters(6)}ano`;
const name = `Quitéria ${middle} ${surname}`;
const email = `${letters(6).toLowerCase()}.${ulid().slice(-8).toLowerCase()}@correio-${letters(5).toLowerCase()}.com.br`;
const cpf = generateCpf();
const whatsapp = `(11) 9${String((randomBytes(2).readUInt16BE(0) % 9000) + 1000)}-${String((randomBytes(2).readUInt16BE(0) % 9000) + 1000)}`;
const claims = customerClaims(userId, email);
const viewer = () => ({
  'cloudfront-viewer-address': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::5:443`,
});

beforeAll(() => {
  // On Lambda, Powertools writes to stdout/stderr through a Console of its own; with POWERTOOLS_DEV (the test and
  // local runtimes) it uses the global console. Both are captured.
  capture(process.stdout, originals.out);
  capture(process.stderr, originals.err);
  for (const method of CONSOLE_METHODS) {
    console[method] = (...args: unknown[]) => {
      captured.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    };
  }
  // Everything a function could print, debug lines included.
  logger.setLogLevel('DEBUG');
});

afterAll(() => {
  for (const method of CONSOLE_METHODS) console[method] = originalConsole[method]!;
  process.stdout.write = originals.out;
  process.stderr.write = originals.err;
  logger.setLogLevel('INFO');
});

describe('personal data never reaches a log line', () => {
  it('runs the main flows with the logger captured', async () => {
    logger.info('log capture probe');

    const { email: _unused, ...input } = createProfileInput({ nome_completo: name, cpf, whatsapp });
    const created = okBody(
      await callRoute(createProfileRoute, createProfile, { claims, body: { ...input, cpf: formatDocument(cpf) } }),
    );
    const contract = created.contract;
    okBody(await callRoute(getProfileRoute, getProfile, { claims }));
    okBody(
      await callRoute(updateProfileRoute, updateProfile, {
        claims,
        body: { ...input, cpf: formatDocument(cpf), complemento: 'Apto 12' },
      }),
    );
    // A refused save (another customer's CPF) is a 4xx, and its log must not name the CPF either.
    await callRoute(createProfileRoute, createProfile, {
      claims: customerClaims(ulid(), `outro.${ulid().toLowerCase()}@example.com`),
      body: { ...input, cpf: formatDocument(cpf) },
    });
    okBody(
      await callRoute(signContractRoute, signContract, {
        claims,
        params: { contractId: contract.id },
        body: SIGNING_CONSENT,
      }),
    );
    okBody(await callRoute(getDashboardRoute, getDashboard, { claims }));

    const admin = adminClaims();
    okBody(
      await callRoute(changeAdminProcessStatusRoute, changeStatus, {
        claims: admin,
        params: { userId, contractId: contract.id },
        body: {
          status: 'baixa_deferida',
          obs: `Deferido para ${name}`,
          // The guard's facts (a move without payment or filing needs its reason; the grant its day).
          motivo: 'Teste de registros',
          data_decisao: saoPauloDay(new Date()),
        },
      }),
    );

    for (const consulta of [formatDocument(cpf), cpf, contract.protocolo, generateCpf()]) {
      await callRoute(lookupProcessRoute, lookupProcess, { body: { consulta }, headers: viewer() });
    }
    const nadaConsta = { protocolo: contract.protocolo, a: 2, b: 3, answer: 5 };
    okBody(
      await callRoute(issueNadaConstaRoute, issueNadaConsta, { body: { ...nadaConsta, email }, headers: viewer() }),
    );
    await callRoute(issueNadaConstaRoute, issueNadaConsta, {
      body: { ...nadaConsta, email: `x${email}` },
      headers: viewer(),
    });

    for (const term of [cpf, formatDocument(cpf), surname, email, email.split('@')[0]!]) {
      okBody(await callRoute(listAdminClientsRoute, listAdminClients, { claims: admin, body: { search: term } }));
    }
    const [client] = okBody(
      await callRoute(listAdminClientsRoute, listAdminClients, { claims: admin, body: { search: surname } }),
    ).clients;
    okBody(await callRoute(getAdminClientRoute, getAdminClient, { claims: admin, params: { id: client!.id } }));
    for (const search of [surname, contract.protocolo]) {
      okBody(await callRoute(listAdminProcessesRoute, listAdminProcesses, { claims: admin, body: { search } }));
      okBody(await callRoute(listAdminChargesRoute, listAdminCharges, { claims: admin, body: { search } }));
    }
    await callRoute(listAdminReferralsRoute, listAdminReferrals, { claims: admin, body: { search: email } });
    await callRoute(listAdminClientsRoute, listAdminClients, { claims: admin, body: { cursor: 'forjado' } });

    const log = captured.join('');
    // The capture works: the probe and the functions' own lines are in it.
    expect(log).toContain('log capture probe');
    const digits = cpf.replace(/\D/g, '');
    const secrets = [
      digits,
      formatDocument(cpf),
      `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}`,
      email,
      email.split('@')[0]!,
      email.split('@')[1]!,
      name,
      surname,
      middle,
      whatsapp,
      whatsapp.replace(/\D/g, ''),
    ];
    for (const secret of secrets) expect(log, `the logs name "${secret}"`).not.toContain(secret);
    // The same checks in lower case and JSON-escaped forms (a logger may escape accents or change case).
    const lower = log.toLowerCase();
    for (const secret of secrets) expect(lower).not.toContain(secret.toLowerCase());
    expect(log).not.toContain(JSON.stringify(name).slice(1, -1));
  });
});
