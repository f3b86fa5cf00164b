import { randomBytes, randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { saoPauloDateDigits } from '../../domain/sao-paulo-calendar.js';
import { CONTRACT_PRICE } from '../../domain/pricing.js';
import {
  formatLegacyProtocol,
  fullProtocol,
  parseProtocol,
  PROTOCOL_ALPHABET,
  PROTOCOL_PATTERN,
} from '../../domain/protocol.js';
import { handler as lookupProcess } from '../../lambdas/lookup/lookup-process.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { createProfileInput } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer, seedFiledCase } from './seed.js';

const db = testDb();

/** A fresh IPv6 /64 per call: these tests look at what answers say, not at the per-address limit. */
const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::9`;
const lookup = async (consulta: string) =>
  okBody(
    await callRoute(lookupProcessRoute, lookupProcess, {
      body: { consulta },
      headers: { 'cloudfront-viewer-address': `${freshAddress()}:443` },
    }),
  );

/** A protocol one character away from `protocolo` in its random part, with the check character that makes it valid. */
function neighbour(protocolo: string, position: number, step: number): string {
  const compact = protocolo.replace(/-/g, '');
  const index = 10 + position;
  const moved = PROTOCOL_ALPHABET[(PROTOCOL_ALPHABET.indexOf(compact[index]!) + step + 32) % 32]!;
  const body = `${compact.slice(0, index)}${moved}${compact.slice(index + 1, -1)}`;
  for (const check of PROTOCOL_ALPHABET) {
    const candidate = parseProtocol(`${body}${check}`);
    if (candidate) return candidate;
  }
  throw new Error(`no check character completes ${body}`);
}

describe('public lookup: nobody can walk it', () => {
  it('gives new contracts a protocol with a random part, and finds it in any typed form', async () => {
    const { contract } = await seedCustomer(db);
    expect(contract.protocolo).toMatch(PROTOCOL_PATTERN);
    for (const typed of [contract.protocolo, contract.protocolo.replace(/-/g, '').toLowerCase()]) {
      const result = await lookup(typed);
      expect(result).toMatchObject({ found: true, searchType: 'protocolo' });
      expect(result.processos.map((p) => p.protocolo)).toEqual([contract.protocolo]);
    }
  });

  it('finds nobody by walking: the neighbours of a real protocol, a sequence of the day, the next one made', async () => {
    const { contract } = await seedCustomer(db);
    const today = saoPauloDateDigits(new Date());
    const walk = new Set<string>();
    // Every random position moved one step up and down, each completed with a valid check character.
    for (let position = 0; position < 11; position++) {
      walk.add(neighbour(contract.protocolo, position, 1));
      walk.add(neighbour(contract.protocolo, position, -1));
    }
    // The old scheme's walk: the day's daily sequence from 00001.
    for (let sequence = 1; sequence <= 10; sequence++) walk.add(`LM${today}${String(sequence).padStart(5, '0')}`);
    walk.delete(contract.protocolo);
    for (const protocolo of walk) {
      const result = await lookup(protocolo);
      expect(result.found, protocolo).toBe(false);
      expect(result.processos).toEqual([]);
    }
    // The contract made right after shares nothing but the date with the one before.
    const next = await seedCustomer(db);
    expect(next.contract.protocolo.slice(0, 11)).toBe(contract.protocolo.slice(0, 11));
    expect(next.contract.protocolo.slice(11, 15)).not.toBe(contract.protocolo.slice(11, 15));
  });

  it('still finds a legacy protocol (daily sequence), with or without its check digit', async () => {
    const legacy = formatLegacyProtocol(
      new Date(Date.UTC(1990 + randomInt(30), randomInt(12), 15)),
      randomInt(1, 99_999),
    );
    const { contract } = await createProfile(db, {
      userId: ulid(),
      input: createProfileInput(),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: { protocolo: legacy, valor: CONTRACT_PRICE, formaPagamento: 'pix' },
    });
    for (const typed of [legacy, fullProtocol(legacy), fullProtocol(legacy).toLowerCase()]) {
      const result = await lookup(typed);
      expect(result.found, typed).toBe(true);
      expect(result.processos[0]).toMatchObject({ protocolo: legacy, protocolo_completo: fullProtocol(legacy) });
    }
    expect(contract.protocolo).toBe(legacy);
  });
});

describe('public lookup: an answer shows no more than the searcher typed', () => {
  it('by protocol: no digit of the document, the first name and initial, the e-mail without its domain', async () => {
    const { profile, contract } = await seedCustomer(db, {
      nome_completo: 'Joana Aparecida Ferreira',
      email: `joana.${ulid().toLowerCase()}@provedor-raro.com.br`,
    });
    const result = await lookup(contract.protocolo);
    const [entry] = result.processos;
    expect(entry).toMatchObject({
      nome_cliente: 'Joana F.',
      email_cliente: 'j***@***',
      cpf_cliente: '***.***.***-**',
    });
    const answer = JSON.stringify(result);
    // What the old mask showed: the middle groups in their places.
    const cpfGroups = [`.${profile.cpf.slice(3, 6)}.`, `.${profile.cpf.slice(6, 9)}-`];
    for (const secret of [profile.cpf, profile.email, 'provedor', 'Aparecida', 'Ferreira', ...cpfGroups]) {
      expect(answer).not.toContain(secret);
    }
  });

  it('by CPF: only digits the searcher typed, in their places; no full document, e-mail or surname', async () => {
    const { profile } = await seedCustomer(db, { nome_completo: 'Paulo Henrique Matos' });
    const typed = `${profile.cpf.slice(0, 3)}.${profile.cpf.slice(3, 6)}.${profile.cpf.slice(6, 9)}-${profile.cpf.slice(9)}`;
    const result = await lookup(typed);
    expect(result).toMatchObject({ found: true, searchType: 'cpf' });
    for (const entry of result.processos) {
      const shown = entry.cpf_cliente;
      expect(shown).toHaveLength(typed.length);
      // Each digit shown is the typed digit at the same place; the rest is masked.
      [...shown].forEach((character, i) => {
        if (/\d/.test(character)) expect(character).toBe(typed[i]);
        else expect(character === typed[i] || character === '*').toBe(true);
      });
      expect(shown.replace(/\D/g, '').length).toBeLessThan(profile.cpf.length);
      expect(entry.nome_cliente).toBe('Paulo M.');
      expect(entry.email_cliente).toBe(`${profile.email[0]}***@***`);
    }
    const answer = JSON.stringify(result);
    for (const secret of [profile.cpf, typed, profile.email, 'example.com', 'Henrique', 'Matos']) {
      expect(answer).not.toContain(secret);
    }
  });

  it('by a mistyped new protocol: nothing read, nothing found', async () => {
    const { contract } = await seedCustomer(db);
    const compact = contract.protocolo.replace(/-/g, '');
    const last = compact.at(-1)!;
    const wrongCheck = `${compact.slice(0, -1)}${PROTOCOL_ALPHABET[(PROTOCOL_ALPHABET.indexOf(last) + 1) % 32]}`;
    expect(await lookup(wrongCheck)).toEqual({ found: false, searchType: null, processos: [] });
  });
});

describe('public lookup: a filed case shows its CNJ number', () => {
  it('adds the case number, public data, and nothing else of the case (no court unit, no movements)', async () => {
    const filed = await seedFiledCase(db, { vara: '1ª Vara Cível de São Lourenço' });
    const result = await lookup(filed.contract.protocolo);
    expect(result.processos).toEqual([expect.objectContaining({ numero_cnj: filed.numeroCnj })]);
    const answer = JSON.stringify(result);
    expect(answer).not.toContain('Vara');
    expect(Object.keys(result.processos[0]!)).not.toContain('tribunal');
    expect(Object.keys(result.processos[0]!)).not.toContain('movements');
  });

  it('answers null before the filing', async () => {
    const { contract } = await seedCustomer(db);
    const [entry] = (await lookup(contract.protocolo)).processos;
    expect(entry?.numero_cnj).toBeNull();
  });
});

describe('public lookup: the filing date', () => {
  it('promises a filing date only once the documents are approved, as the dashboard does', async () => {
    const { userId, contract } = await seedCustomer(db);
    const ref = { userId, contractId: contract.id };
    // Paid, documents awaited: the stored forecast counts from the payment alone, which nobody promised yet.
    await changeProcessStatus(db, {
      ref,
      to: 'pago',
      byUser: 'sistema',
      now: new Date().toISOString(),
      previsao: '2026-12-08T15:00:00.000Z',
    });
    expect((await lookup(contract.protocolo)).processos[0]?.previsao).toBeNull();
    // Documents approved: the lawyer prepares the petition, and the date counted from the approval is the promise.
    await changeProcessStatus(db, {
      ref,
      to: 'em_analise',
      byUser: 'sistema',
      now: new Date().toISOString(),
      previsao: '2026-12-10T15:00:00.000Z',
    });
    expect((await lookup(contract.protocolo)).processos[0]?.previsao).toBe('2026-12-10T15:00:00.000Z');
  });
});
