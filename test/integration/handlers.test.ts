import { describe, expect, it } from 'vitest';
import { dashboardSchema } from '../../domain/schemas/dashboard.js';
import { lookupResultSchema } from '../../domain/lookup.js';
import { fullProtocol } from '../../domain/protocol.js';
import { handler as getAdminSummary } from '../../lambdas/admin/get-admin-summary.js';
import { handler as getDashboard } from '../../lambdas/dashboard/get-dashboard.js';
import { handler as getHealth } from '../../lambdas/health/get-health.js';
import { handler as lookupProcess } from '../../lambdas/lookup/lookup-process.js';
import { adminClaims, createApiEvent, customerClaims, jsonOf, lambdaContext } from '../factories.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

const seed = () => seedCustomer(db);

describe('GET /health', () => {
  it('answers ok without touching anything', async () => {
    const result = await getHealth(createApiEvent({ path: '/health' }), lambdaContext);
    expect(jsonOf(result)).toEqual({ status: 'ok' });
  });
});

describe('GET /me/dashboard', () => {
  it('returns the caller’s own collection, valid against the shared schema', async () => {
    const { userId, profile, contract } = await seed();
    const result = await getDashboard(
      createApiEvent({ path: '/me/dashboard', claims: customerClaims(userId, profile.email) }),
      lambdaContext,
    );
    const body = dashboardSchema.parse(jsonOf(result));
    expect(body.profile?.id).toBe(profile.id);
    expect(body.contracts.map((c) => c.id)).toEqual([contract.id]);
    expect(body.processes[0]?.status).toBe('cadastro');
  });

  it('returns an empty dashboard for a brand-new user', async () => {
    const result = await getDashboard(
      createApiEvent({ path: '/me/dashboard', claims: customerClaims() }),
      lambdaContext,
    );
    expect(dashboardSchema.parse(jsonOf(result))).toMatchObject({
      profile: null,
      contracts: [],
      charges: [],
      processes: [],
    });
  });

  it('refuses a request without a subject with 401 and a pt-BR message', async () => {
    const result = (await getDashboard(createApiEvent({ path: '/me/dashboard' }), lambdaContext)) as {
      statusCode: number;
    };
    expect(result.statusCode).toBe(401);
    expect(jsonOf(result).message).toBe('Sessão expirada. Faça login novamente.');
  });
});

describe('GET /admin/summary', () => {
  it('refuses a customer with 403 whatever the browser shows', async () => {
    const result = (await getAdminSummary(
      createApiEvent({ path: '/admin/summary', claims: customerClaims() }),
      lambdaContext,
    )) as { statusCode: number };
    expect(result.statusCode).toBe(403);
    expect(jsonOf(result).message).toBe('Acesso Negado - Você não tem permissão para acessar esta área.');
  });

  it('gives an admin the counters', async () => {
    await seed();
    const result = (await getAdminSummary(
      createApiEvent({ path: '/admin/summary', claims: adminClaims() }),
      lambdaContext,
    )) as { statusCode: number };
    expect(result.statusCode).toBe(200);
    const body = jsonOf(result) as unknown as {
      clients: { total: number };
      processes: { byStatus: Record<string, number> };
    };
    expect(body.clients.total).toBeGreaterThan(0);
    expect(body.processes.byStatus.cadastro).toBeGreaterThan(0);
  });
});

describe('POST /public/lookup', () => {
  const lookup = async (body: unknown) =>
    lookupProcess(createApiEvent({ method: 'POST', path: '/public/lookup', body }), lambdaContext) as Promise<{
      statusCode: number;
      body: string;
    }>;

  it('finds by CPF and shows only masked personal data', async () => {
    const { profile, contract } = await seed();
    const formatted = profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
    const result = lookupResultSchema.parse(jsonOf(await lookup({ consulta: formatted })));
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
    expect(entry!.email_cliente).toMatch(/^m\*\*\*@e\*\*\*\.com$/);
    expect(JSON.stringify(result)).not.toContain(profile.cpf);
    expect(JSON.stringify(result)).not.toContain(profile.email);
  });

  it('finds by protocol, with or without the check digit', async () => {
    const { contract } = await seed();
    for (const consulta of [contract.protocolo, fullProtocol(contract.protocolo).toLowerCase()]) {
      const result = lookupResultSchema.parse(jsonOf(await lookup({ consulta })));
      expect(result.found).toBe(true);
      expect(result.processos.map((p) => p.protocolo)).toEqual([contract.protocolo]);
    }
  });

  it('answers not found for unknown documents and junk', async () => {
    expect(jsonOf(await lookup({ consulta: '529.982.247-25' }))).toMatchObject({ found: false, processos: [] });
    expect(jsonOf(await lookup({ consulta: 'abc' }))).toMatchObject({ found: false });
  });

  it('answers 400 with the spec message for an empty query, and for malformed JSON', async () => {
    const empty = await lookup({ consulta: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(jsonOf(empty).fields).toEqual({ consulta: 'Digite o CPF, CNPJ ou protocolo para consultar' });
    const malformed = await lookup('{not json');
    expect(malformed.statusCode).toBe(400);
    expect(jsonOf(malformed).message).toBe('Requisição inválida. Verifique os dados informados.');
  });
});
