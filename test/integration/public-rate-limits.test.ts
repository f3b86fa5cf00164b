import { createHash, randomBytes } from 'node:crypto';
import { generateCpf, isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { inMiddleOfWindow } from './rate-window.js';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { LOOKUP_INPUT_MESSAGES, LOOKUP_MESSAGES, RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { fullProtocol } from '../../domain/protocol.js';
import { RATE_LIMITS, rateWindow } from '../../domain/rate-limits.js';
import { handler as lookupProcess } from '../../lambdas/lookup/lookup-process.js';
import { lookupProcesses } from '../../lambdas/lookup/lookup-service.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import {
  countRateLimitedCall,
  enforceRateLimits,
  rateLimitKey,
  rateLimitSubjectHash,
} from '../../lambdas/shared/data/rate-limits.js';
import { TooManyRequestsError } from '../../lambdas/shared/errors.js';
import { errorToResponse } from '../../lambdas/shared/http.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import { seedCustomer } from './seed.js';

const db = testDb();

/** An address of its own per test (a fresh IPv6 /64), so tests never share a counter with each other or other files. */
const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::7`;
const viewer = (ip: string) => ({ 'cloudfront-viewer-address': `${ip}:443` });
const lookup = (consulta: unknown, ip: string) =>
  callRoute(lookupProcessRoute, lookupProcess, { body: { consulta }, headers: viewer(ip) });
const fixedClock = (iso: string) => () => new Date(iso);

describe('rate-limit counters (pattern 43)', () => {
  const rule = { scope: 'IT_COUNTER', limit: 3, windowSeconds: 600 };

  it('allows N calls in a window, refuses the next without counting it, and starts again in the next window', async () => {
    const subject = `subject-${randomBytes(6).toString('hex')}`;
    const now = new Date('2026-07-01T12:03:00Z');
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await countRateLimitedCall(db, rule, subject, now));
    expect(results).toEqual([true, true, true, false, false]);

    const window = rateWindow(rule, now);
    const keyedHash = rateLimitSubjectHash(await rateLimitKey(), rule.scope, subject);
    const key = keys.rateLimit(rule.scope, keyedHash, window.start);
    const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: pointerKey(key) }));
    // Keyed: the bare SHA-256 anyone could compute for a guessed subject names no counter.
    const bareHash = createHash('sha256').update(`${rule.scope}\n${subject}`, 'utf8').digest('hex');
    expect(keyedHash).not.toBe(bareHash);
    expect(JSON.stringify(Item)).not.toContain(bareHash);
    // The refused calls added nothing; the counter expires (TTL) just after its window.
    expect(Item).toMatchObject({ hits: 3, type: 'RATE_LIMIT', expiresAt: window.end + 60 });
    // The subject is stored only as a hash.
    expect(JSON.stringify(Item)).not.toContain(subject);

    expect(await countRateLimitedCall(db, rule, subject, new Date('2026-07-01T12:10:00Z'))).toBe(true);
    expect(await countRateLimitedCall(db, rule, `${subject}-other`, now)).toBe(true);
  });

  it('refuses with the message and the seconds left in the window, for the Retry-After header', async () => {
    const subject = `retry-${randomBytes(6).toString('hex')}`;
    const now = new Date('2026-07-01T12:03:20Z');
    const checks = [{ rule, subject }];
    for (let i = 0; i < rule.limit; i++) await enforceRateLimits(db, now, checks, 'Aguarde.');
    const refused = await enforceRateLimits(db, now, checks, 'Aguarde.').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    // The 10-minute window started at 12:00:00; 6 min 40 s are left.
    expect(refused).toMatchObject({ message: 'Aguarde.', retryAfterSeconds: 400 });
    expect(errorToResponse(refused)).toMatchObject({ statusCode: 429, headers: { 'retry-after': '400' } });
  });

  it('lets exactly N of many concurrent calls through', async () => {
    const subject = `burst-${randomBytes(6).toString('hex')}`;
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 12 }, () => countRateLimitedCall(db, rule, subject, now)));
    expect(results.filter(Boolean)).toHaveLength(rule.limit);
  });
});

describe('POST /public/lookup rate limits', () => {
  it('answers 20 lookups of one address in 10 minutes, then 429 with the pt-BR message', () =>
    inMiddleOfWindow(RATE_LIMITS.lookupByAddress.windowSeconds, async () => {
      const ip = freshAddress();
      // Different (unknown, valid-looking) protocols: the per-address limit is what stops this walk.
      for (let i = 0; i < RATE_LIMITS.lookupByAddress.limit; i++) {
        const protocolo = `LM20260701${String(10_000 + i).padStart(5, '0')}`;
        expect(okBody(await lookup(protocolo, ip)).found).toBe(false);
      }
      const refused = errorOf(await lookup('LM2026070199999', ip));
      expect(refused).toMatchObject({
        status: 429,
        code: 'too_many_requests',
        message: RATE_LIMIT_MESSAGES.tooManyLookups,
      });
      // Another address is unaffected; another /64 of the same network too.
      expect((await lookup('LM2026070199999', freshAddress())).status).toBe(200);
    }));

  it('answers 5 lookups of one document in 10 minutes from any address, found or not, then 429', () =>
    inMiddleOfWindow(RATE_LIMITS.lookupByQuery.windowSeconds, async () => {
      const { profile, contract } = await seedCustomer(db);
      const forms = [profile.cpf, profile.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')];
      for (let i = 0; i < RATE_LIMITS.lookupByQuery.limit; i++) {
        // Every form of the same CPF shares one counter, and a fresh address each time does not help.
        expect(okBody(await lookup(forms[i % 2], freshAddress())).found).toBe(true);
      }
      expect(errorOf(await lookup(profile.cpf, freshAddress()))).toMatchObject({
        status: 429,
        message: RATE_LIMIT_MESSAGES.tooManyLookups,
      });
      // The same person's protocol is a subject of its own.
      expect(okBody(await lookup(fullProtocol(contract.protocolo), freshAddress())).found).toBe(true);
    }));

  it('counts a not-found document and a protocol the same way, each window on its own', async () => {
    const deps = (iso: string) => ({ db, clock: fixedClock(iso) });
    for (const consulta of [generateCpf(), 'LM2026070100001']) {
      for (let i = 0; i < RATE_LIMITS.lookupByQuery.limit; i++) {
        const result = await lookupProcesses(deps('2031-01-01T10:00:00Z'), consulta, freshAddress());
        expect(result.found).toBe(false);
      }
      await expect(lookupProcesses(deps('2031-01-01T10:09:59Z'), consulta, freshAddress())).rejects.toThrow(
        TooManyRequestsError,
      );
      // The next window counts from zero.
      const next = await lookupProcesses(deps('2031-01-01T10:10:00Z'), consulta, freshAddress());
      expect(next.found).toBe(false);
    }
  });

  it('does not count a refused address against the document, nor junk against any document', async () => {
    const ip = freshAddress();
    const deps = { db, clock: fixedClock('2032-03-03T03:03:03Z') };
    const { profile } = await seedCustomer(db);
    for (let i = 0; i < RATE_LIMITS.lookupByAddress.limit; i++) {
      // Wrong check digits: nobody's document, so no read and no per-document counter.
      await lookupProcesses(deps, '111.444.777-00', ip);
    }
    await expect(lookupProcesses(deps, profile.cpf, ip)).rejects.toThrow(RATE_LIMIT_MESSAGES.tooManyLookups);
    const counters = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: {
          ':pk': keys.rateLimit(
            RATE_LIMITS.lookupByQuery.scope,
            rateLimitSubjectHash(await rateLimitKey(), RATE_LIMITS.lookupByQuery.scope, profile.cpf),
            rateWindow(RATE_LIMITS.lookupByQuery, deps.clock()).start,
          ),
        },
      }),
    );
    expect(counters.Items).toEqual([]);
  });

  it('refuses malformed input with 400 and a pt-BR message, never a 500', async () => {
    const ip = freshAddress();
    expect(errorOf(await lookup('   ', ip))).toMatchObject({
      status: 400,
      fields: { consulta: LOOKUP_MESSAGES.requiredDescription },
    });
    expect(errorOf(await lookup('x'.repeat(200), ip))).toMatchObject({
      status: 400,
      fields: { consulta: LOOKUP_INPUT_MESSAGES.tooLong },
    });
    for (const consulta of ["529.982.247-25' OR '1'='1", '<img src=x>', 'maria@example.com', '\u0000']) {
      expect(errorOf(await lookup(consulta, ip))).toMatchObject({
        status: 400,
        fields: { consulta: LOOKUP_INPUT_MESSAGES.invalidCharacters },
      });
    }
    expect(errorOf(await lookup({ $gt: '' }, ip)).status).toBe(400);
    expect(errorOf(await lookup(null, ip)).status).toBe(400);
  });

  it('finds a company by its alphanumeric CNPJ, typed formatted and in lower case', async () => {
    const cnpj = alphanumericCnpj();
    const { contract } = await seedCustomer(db, { tipo_documento: 'cnpj', cpf: cnpj });
    const typed = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const result = okBody(await lookup(typed.toLowerCase(), freshAddress()));
    expect(result).toMatchObject({ found: true, searchType: 'cnpj' });
    expect(result.processos.map((p) => p.protocolo)).toEqual([contract.protocolo]);
    expect(result.processos[0]!.cpf_cliente).toBe(`**.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-**`);
  });
});

/** A valid alphanumeric CNPJ of random letters and digits (check digits by the Receita Federal rule). */
function alphanumericCnpj(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const base = Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
  const digit = (value: string) => {
    const weights =
      value.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = [...value].reduce((total, character, i) => total + (character.charCodeAt(0) - 48) * weights[i]!, 0);
    const rest = sum % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = digit(base);
  const cnpj = `${base}${first}${digit(base + first)}`;
  if (!isValidCnpj(cnpj, { version: 2 })) throw new Error(`generated an invalid CNPJ: ${cnpj}`);
  return cnpj;
}
