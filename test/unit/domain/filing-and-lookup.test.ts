import { describe, expect, it } from 'vitest';
import { filingForecast } from '../../../domain/filing.js';
import { lookupRequestSchema, lookupStatusOf } from '../../../domain/lookup.js';
import { LOOKUP_INPUT_MESSAGES } from '../../../domain/messages.js';
import { runtimeConfigSchema } from '../../../domain/schemas/runtime-config.js';

const day = (iso: string) => filingForecast(new Date(iso)).toISOString().slice(0, 10);

describe('filingForecast (7 business days, national and Minas Gerais holidays)', () => {
  it('counts from the São Paulo calendar day, not the server’s (UTC on Lambda)', () => {
    // Wednesday 04/11/2026 22:00 in São Paulo is already Thursday in UTC: the 7th business day is Friday 13/11.
    expect(day('2026-11-05T01:00:00Z')).toBe('2026-11-13');
    // Friday 13/11 22:00 in São Paulo (Saturday in UTC): Mon 16 … Thu 19, Fri 20 is a holiday, then 23, 24, 25.
    expect(day('2026-11-14T01:00:00Z')).toBe('2026-11-25');
  });
  it('refuses an invalid date with its own message', () => {
    expect(() => filingForecast(new Date(Number.NaN))).toThrow('No filing forecast for an invalid date');
  });
  it('skips weekends', () => {
    // Monday 2026-11-09 → Wednesday 2026-11-18 (Nov 15 Sunday; Nov 20, Consciência Negra, is after).
    expect(day('2026-11-09T12:00:00Z')).toBe('2026-11-18');
  });
  it('skips a national holiday in the window', () => {
    // Friday 2026-11-13: Mon 16 … Fri 20 is Consciência Negra (national since 2024), so the 7th day is Wed 25.
    expect(day('2026-11-13T12:00:00Z')).toBe('2026-11-25');
  });
  it('skips the holidays of Minas Gerais (Tiradentes, Apr 21, is national; Apr 21 also MG data magna)', () => {
    // Thursday 2026-04-16: Fri 17, Mon 20, (Tue 21 holiday), Wed 22, Thu 23, Fri 24, Mon 27, Tue 28.
    expect(day('2026-04-16T12:00:00Z')).toBe('2026-04-28');
  });
});

describe('public lookup', () => {
  it('translates stored statuses to the lookup’s vocabulary (spec 01 §4)', () => {
    expect(lookupStatusOf('pagamento_pendente')).toBe('contrato_assinado');
    expect(lookupStatusOf('pago')).toBe('pagamento_realizado');
    expect(lookupStatusOf('peticionado')).toBe('protocolo_efetuado');
    expect(lookupStatusOf('cadastro')).toBe('cadastro');
    expect(lookupStatusOf('contrato_assinado')).toBe('contrato_assinado');
    expect(lookupStatusOf('baixa_deferida')).toBe('baixa_deferida');
    expect(lookupStatusOf('baixa_caiu')).toBe('baixa_caiu');
    expect(lookupStatusOf('encerrado')).toBe('encerrado');
  });
  it('asks for the query with the spec message, trimmed and bounded', () => {
    expect(lookupRequestSchema.parse({ consulta: '  529.982.247-25 ' })).toEqual({ consulta: '529.982.247-25' });
    const empty = lookupRequestSchema.safeParse({ consulta: '   ' });
    expect(empty.error?.issues[0]?.message).toBe('Digite o CPF, CNPJ ou protocolo para consultar');
    const long = lookupRequestSchema.safeParse({ consulta: 'x'.repeat(33) });
    expect(long.error?.issues[0]?.message).toBe(LOOKUP_INPUT_MESSAGES.tooLong);
    expect(lookupRequestSchema.safeParse({ consulta: 'x'.repeat(32) }).success).toBe(true);
  });
});

describe('runtime config (config.json)', () => {
  const base = {
    stage: 'prod',
    apiUrl: 'https://app.example.com/api',
    liveUrl: 'wss://live.example.com/live',
    region: 'sa-east-1',
    userPoolId: 'p',
    userPoolClientId: 'c',
  };
  it('defaults to SRP and accepts the local extras', () => {
    expect(runtimeConfigSchema.parse(base).passwordAuthFlow).toBe('USER_SRP_AUTH');
    expect(
      runtimeConfigSchema.parse({
        ...base,
        passwordAuthFlow: 'USER_PASSWORD_AUTH',
        userPoolEndpoint: 'http://127.0.0.1:9229',
        inboxUrl: 'http://127.0.0.1:8005/',
        paymentSimulatorUrl: 'http://127.0.0.1:8087/',
      }),
    ).toMatchObject({ passwordAuthFlow: 'USER_PASSWORD_AUTH', userPoolEndpoint: 'http://127.0.0.1:9229' });
  });
  it('refuses a config that would point the SPA nowhere', () => {
    expect(runtimeConfigSchema.safeParse({ ...base, apiUrl: 'not a url' }).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...base, passwordAuthFlow: 'PLAIN' }).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...base, userPoolEndpoint: 'x' }).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...base, inboxUrl: 'x' }).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...base, liveUrl: 'https://live.example.com' }).success).toBe(false);
    expect(runtimeConfigSchema.safeParse({ ...base, liveUrl: undefined }).success).toBe(false);
  });
});

describe('filingForecast outside the calendar it knows', () => {
  it('refuses dates whose holidays it cannot tell (years 1900 to 2099 only) or that are not dates', () => {
    expect(() => filingForecast(new Date('2099-12-28T12:00:00Z'))).toThrow(
      new RangeError('No filing forecast for 2099-12-28T12:00:00.000Z'),
    );
    expect(() => filingForecast(new Date('1899-12-28T12:00:00Z'))).toThrow(RangeError);
    expect(() => filingForecast(new Date(Number.NaN))).toThrow(RangeError);
    expect(day('2099-12-01T12:00:00Z')).toBe('2099-12-10');
  });
});

describe('filingDeadline', () => {
  it('is the morning after the forecast day (09:00 in São Paulo)', async () => {
    const { filingDeadline } = await import('../../../domain/filing.js');
    expect(filingDeadline(new Date('2026-12-02T12:00:00.000Z')).toISOString()).toBe('2026-12-03T12:00:00.000Z');
  });
});
