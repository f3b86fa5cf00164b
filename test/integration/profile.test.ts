import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { lookupPostalCodeRoute } from '../../domain/api/postal-codes.js';
import { createProfileRoute, getProfileRoute, updateProfileRoute } from '../../domain/api/profile.js';
import { PROFILE_MESSAGES } from '../../domain/messages.js';
import { PROTOCOL_PATTERN } from '../../domain/protocol.js';
import { handler as createProfile } from '../../lambdas/profile/create-profile.js';
import { handler as getProfile } from '../../lambdas/profile/get-profile.js';
import { handler as lookupPostalCode } from '../../lambdas/profile/lookup-postal-code.js';
import { handler as updateProfile } from '../../lambdas/profile/update-profile.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { searchClients } from '../../lambdas/shared/data/admin-lists.js';
import { createProfileInput, customerClaims } from '../factories.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

/** The form as the SPA sends it: formatted document, no e-mail (the server takes the token's). */
function formBody(overrides: Record<string, unknown> = {}) {
  const { email: _email, ...input } = createProfileInput();
  const cpf = input.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  return { ...input, cpf, ...overrides };
}

const newUser = () => {
  const userId = ulid();
  return { userId, claims: customerClaims(userId, `cliente.${userId.toLowerCase()}@example.com`) };
};

describe('POST /me/profile (first save)', () => {
  it('creates the profile, its guards and the initial unsigned R$ 399 contract with its process, at once', async () => {
    const { userId, claims } = newUser();
    const before = await getAdminCounters(db);
    const created = await callRoute(createProfileRoute, createProfile, { claims, body: formBody() });
    expect(created.status).toBe(201);
    const { profile, contract } = okBody(created);
    expect(profile).toMatchObject({ user_id: userId, email: claims.email, free_renewals: 0, complemento: null });
    expect(profile.cpf).toMatch(/^\d{11}$/);
    expect(contract).toMatchObject({ profile_id: profile.id, valor: 399, assinado_em: null, forma_pagamento: 'pix' });
    expect(contract.protocolo).toMatch(PROTOCOL_PATTERN);

    const collection = await getCustomerCollection(db, userId);
    expect(collection.contracts.map((c) => c.id)).toEqual([contract.id]);
    expect(collection.processes).toMatchObject([{ contrato_id: contract.id, status: 'cadastro' }]);
    const after = await getAdminCounters(db);
    expect(after.clients.total).toBe(before.clients.total + 1);
    expect(after.processes.byStatus.cadastro).toBe(before.processes.byStatus.cadastro + 1);

    expect(okBody(await callRoute(getProfileRoute, getProfile, { claims }))).toEqual({ email: claims.email, profile });
  });

  it('takes the e-mail from the token, never from the body', async () => {
    const { claims } = newUser();
    const { profile } = okBody(
      await callRoute(createProfileRoute, createProfile, { claims, body: { ...formBody(), email: 'x@evil.test' } }),
    );
    expect(profile.email).toBe(claims.email);
  });

  it('accepts an alphanumeric CNPJ, stores it upper-cased and finds it in the admin search', async () => {
    const { claims } = newUser();
    const cnpj = '12.abc.345/01de-35';
    const result = await callRoute(createProfileRoute, createProfile, {
      claims,
      body: formBody({ tipo_documento: 'cnpj', cpf: cnpj }),
    });
    // DynamoDB Local runs in memory for these tests: the fixed CNPJ is new in every run.
    expect(okBody(result).profile.cpf).toBe('12ABC34501DE35');
    expect((await searchClients(db, '12.ABC.345')).map((p) => p.id)).toContain(okBody(result).profile.id);
  });

  it('links the referrer of the sign-up link, and ignores a code that leads nowhere', async () => {
    const referrer = await seedCustomer(db);
    const linked = newUser();
    const { profile } = okBody(
      await callRoute(createProfileRoute, createProfile, {
        claims: linked.claims,
        body: formBody({ referral_ref: referrer.profile.referral_code.toLowerCase() }),
      }),
    );
    expect(profile.referred_by_profile_id).toBe(referrer.profile.id);
    const unlinked = newUser();
    const other = okBody(
      await callRoute(createProfileRoute, createProfile, {
        claims: unlinked.claims,
        body: formBody({ referral_ref: 'REF-NOPE00' }),
      }),
    );
    expect(other.profile.referred_by_profile_id).toBeNull();
  });

  it('answers a duplicate CPF with the spec message, also when two users race for it, and writes nothing else', async () => {
    const cpf = generateCpf();
    const racers = [newUser(), newUser()];
    const results = await Promise.all(
      racers.map(({ claims }) => callRoute(createProfileRoute, createProfile, { claims, body: formBody({ cpf }) })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = racers[results.findIndex((r) => !r.ok)]!;
    expect(errorOf(results.find((r) => !r.ok)!)).toMatchObject({
      status: 409,
      message: PROFILE_MESSAGES.duplicateDocument,
    });
    const collection = await getCustomerCollection(db, loser.userId);
    expect(collection).toMatchObject({ profile: null, contracts: [], processes: [] });
  });

  it('refuses a second first save of the same account', async () => {
    const { claims } = newUser();
    okBody(await callRoute(createProfileRoute, createProfile, { claims, body: formBody() }));
    const again = errorOf(await callRoute(createProfileRoute, createProfile, { claims, body: formBody() }));
    expect(again).toMatchObject({ status: 409, message: PROFILE_MESSAGES.profileExists });
  });

  it.each([
    ['an invalid CPF', { cpf: '529.982.247-24' }, { cpf: PROFILE_MESSAGES.invalidCpf }],
    ['an invalid CNPJ', { tipo_documento: 'cnpj', cpf: '11.222.333/0001-80' }, { cpf: PROFILE_MESSAGES.invalidCnpj }],
    ['a short name', { nome_completo: 'Jo' }, { nome_completo: PROFILE_MESSAGES.nameTooShort }],
    ['a bad CEP', { cep: '3747' }, { cep: PROFILE_MESSAGES.invalidCep }],
    ['a hostile WhatsApp', { whatsapp: '<script>alert(1)</script>' }, { whatsapp: PROFILE_MESSAGES.invalidWhatsapp }],
    ['an oversized street', { endereco: 'R'.repeat(5000) }, 'endereco'],
    ['a wrong type', { numero: 12 }, 'numero'],
  ] as const)('refuses %s with 400 and the field’s pt-BR message, writing nothing', async (_c, overrides, fields) => {
    const { userId, claims } = newUser();
    const error = errorOf(await callRoute(createProfileRoute, createProfile, { claims, body: formBody(overrides) }));
    expect(error.status).toBe(400);
    if (typeof fields === 'string') expect(error.fields?.[fields]).toMatch(/[a-zà-ú]/);
    else expect(error.fields).toMatchObject(fields);
    expect((await getCustomerCollection(db, userId)).profile).toBeNull();
  });
});

describe('PUT /me/profile (later saves)', () => {
  it('updates everything but the document and the e-mail, refreshes the search tokens, whatever e-mail the token says', async () => {
    const { userId, profile } = await seedCustomer(db);
    const claims = customerClaims(userId, 'novo.email@example.com');
    const unique = `Zuleica${ulid().slice(-5)}`;
    const updated = okBody(
      await callRoute(updateProfileRoute, updateProfile, {
        claims,
        body: { ...formBody(), nome_completo: `${unique} Prado`, cpf: '000.000.000-00', estado: 'rj' },
      }),
    ).profile;
    expect(updated).toMatchObject({
      id: profile.id,
      cpf: profile.cpf,
      nome_completo: `${unique} Prado`,
      estado: 'RJ',
      // An e-mail change reaches the profile when Cognito confirms it (pattern 63), never from a token's claim.
      email: profile.email,
    });
    expect((await searchClients(db, unique)).map((p) => p.id)).toEqual([profile.id]);
    expect(
      await searchClients(db, profile.nome_completo.split(' ').at(-1)!).then((r) => r.map((p) => p.id)),
    ).not.toContain(profile.id);
    const stored = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.profileSk } }),
    );
    expect(stored.Item?.updated_at).toBeTruthy();
  });

  it('refuses the second of two racing saves instead of mixing them', async () => {
    const { userId } = await seedCustomer(db);
    const claims = customerClaims(userId);
    const results = await Promise.all(
      ['Ana Primeira', 'Bia Segunda'].map((nome_completo) =>
        callRoute(updateProfileRoute, updateProfile, { claims, body: { ...formBody(), nome_completo } }),
      ),
    );
    const refused = results.filter((r) => !r.ok);
    for (const r of refused)
      expect(errorOf(r)).toMatchObject({ status: 409, message: PROFILE_MESSAGES.changedConcurrently });
    expect(results.some((r) => r.ok)).toBe(true);
  });

  it('answers 404 before the first save', async () => {
    const { claims } = newUser();
    const error = errorOf(await callRoute(updateProfileRoute, updateProfile, { claims, body: formBody() }));
    expect(error).toMatchObject({ status: 404, message: PROFILE_MESSAGES.profileMissing });
  });
});

describe('GET /postal-codes/{cep}', () => {
  it('fills the address of a known CEP from the postal-code service', async () => {
    const body = okBody(
      await callRoute(lookupPostalCodeRoute, lookupPostalCode, {
        claims: customerClaims(),
        params: { cep: '01001000' },
      }),
    );
    expect(body).toEqual({
      found: true,
      unavailable: false,
      address: {
        cep: '01001000',
        street: 'Praça da Sé',
        complement: 'lado ímpar',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
      },
    });
  });

  it('answers not found for an unknown CEP, 400 for a malformed one, 401 without a session', async () => {
    const unknown = okBody(
      await callRoute(lookupPostalCodeRoute, lookupPostalCode, {
        claims: customerClaims(),
        params: { cep: '99999999' },
      }),
    );
    expect(unknown).toEqual({ found: false, unavailable: false, address: null });
    const malformed = errorOf(
      await callRoute(lookupPostalCodeRoute, lookupPostalCode, { claims: customerClaims(), params: { cep: '123' } }),
    );
    expect(malformed).toMatchObject({ status: 400, fields: { cep: PROFILE_MESSAGES.invalidCep } });
    expect(
      errorOf(await callRoute(lookupPostalCodeRoute, lookupPostalCode, { params: { cep: '01001000' } })).status,
    ).toBe(401);
  });
});
