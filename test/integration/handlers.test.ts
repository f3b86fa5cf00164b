import { describe, expect, it } from 'vitest';
import { getAdminSummaryRoute } from '../../domain/api/admin.js';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { getHealthRoute } from '../../domain/api/health.js';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { API_MESSAGES, LOOKUP_MESSAGES } from '../../domain/messages.js';
import { fullProtocol } from '../../domain/protocol.js';
import { handler as getAdminSummary } from '../../lambdas/admin/get-admin-summary.js';
import { handler as getDashboard } from '../../lambdas/dashboard/get-dashboard.js';
import { handler as getHealth } from '../../lambdas/health/get-health.js';
import { handler as lookupProcess } from '../../lambdas/lookup/lookup-process.js';
import { adminClaims, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

const seed = () => seedCustomer(db);

describe('GET /health', () => {
  it('answers ok without touching anything', async () => {
    expect(okBody(await callRoute(getHealthRoute, getHealth))).toEqual({ status: 'ok' });
  });
});

describe('GET /me/dashboard', () => {
  it('returns the caller’s own collection, valid against the contract', async () => {
    const { userId, profile, contract } = await seed();
    const body = okBody(
      await callRoute(getDashboardRoute, getDashboard, { claims: customerClaims(userId, profile.email) }),
    );
    expect(body.profile?.id).toBe(profile.id);
    expect(body.contracts.map((c) => c.id)).toEqual([contract.id]);
    expect(body.processes[0]?.status).toBe('cadastro');
  });

  it('returns an empty dashboard for a brand-new user', async () => {
    const body = okBody(await callRoute(getDashboardRoute, getDashboard, { claims: customerClaims() }));
    expect(body).toMatchObject({ profile: null, contracts: [], charges: [], processes: [] });
  });

  it('refuses a request without a subject with 401 and a pt-BR message', async () => {
    const error = errorOf(await callRoute(getDashboardRoute, getDashboard));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: API_MESSAGES.unauthorized });
  });
});

describe('GET /admin/summary', () => {
  it('refuses a customer with 403 whatever the browser shows', async () => {
    const error = errorOf(await callRoute(getAdminSummaryRoute, getAdminSummary, { claims: customerClaims() }));
    expect(error).toMatchObject({
      status: 403,
      message: 'Acesso Negado - Você não tem permissão para acessar esta área.',
    });
  });

  it('gives an admin the counters', async () => {
    await seed();
    const body = okBody(await callRoute(getAdminSummaryRoute, getAdminSummary, { claims: adminClaims() }));
    expect(body.clients.total).toBeGreaterThan(0);
    expect(body.processes.byStatus.cadastro).toBeGreaterThan(0);
  });
});

describe('POST /public/lookup', () => {
  const lookup = (body: unknown) => callRoute(lookupProcessRoute, lookupProcess, { body });

  it('finds by CPF and shows only masked personal data', async () => {
    const { profile, contract } = await seed();
    const formatted = profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const result = okBody(await lookup({ consulta: formatted }));
    expect(result).toMatchObject({ found: true, searchType: 'cpf' });
    const [entry] = result.processos;
    expect(entry).toMatchObject({
      protocolo: contract.protocolo,
      protocolo_completo: fullProtocol(contract.protocolo),
      status: 'cadastro',
      valor: 399,
    });
    expect(entry!.cpf_cliente).toBe(`***.${profile.cpf.slice(3, 6)}.${profile.cpf.slice(6, 9)}-**`);
    expect(entry!.nome_cliente).toBe('Maria S.');
    expect(entry!.email_cliente).toBe('m***@***');
    expect(JSON.stringify(result)).not.toContain(profile.cpf);
    expect(JSON.stringify(result)).not.toContain(profile.email);
  });

  it('finds by protocol, with or without the check digit', async () => {
    const { contract } = await seed();
    for (const consulta of [contract.protocolo, fullProtocol(contract.protocolo).toLowerCase()]) {
      const result = okBody(await lookup({ consulta }));
      expect(result.found).toBe(true);
      expect(result.processos.map((p) => p.protocolo)).toEqual([contract.protocolo]);
    }
  });

  it('answers not found for unknown documents and junk', async () => {
    expect(okBody(await lookup({ consulta: '529.982.247-25' }))).toMatchObject({ found: false, processos: [] });
    expect(okBody(await lookup({ consulta: 'abc' }))).toMatchObject({ found: false });
  });

  it('answers 400 with the spec message for an empty query, a wrong type, and malformed JSON', async () => {
    const empty = errorOf(await lookup({ consulta: '   ' }));
    expect(empty).toMatchObject({ status: 400, fields: { consulta: LOOKUP_MESSAGES.requiredDescription } });
    const wrongType = errorOf(await lookup({ consulta: ['a'] }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.fields?.consulta).not.toMatch(/Invalid input|expected/);
    const malformed = errorOf(await lookup('{not json'));
    expect(malformed).toMatchObject({ status: 400, message: API_MESSAGES.invalidRequest });
  });
});
