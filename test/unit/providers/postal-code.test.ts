import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpUnavailableError } from '../../../lambdas/providers/http-json.js';
import {
  createViaCepLookup,
  PostalCodeUnavailableError,
  type PostalCodeOptions,
} from '../../../lambdas/providers/postal-code.js';
import { startLocalPostalCode, type LocalPostalCode } from '../../../local/services/postal-code.js';
import { noSleep, sequence, startLoopback, type Handler, type LoopbackServer } from './loopback.js';

const viaCepSe = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  unidade: '',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  ibge: '3550308',
};
const se = {
  cep: '01001000',
  street: 'Praça da Sé',
  complement: 'lado ímpar',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

describe('createViaCepLookup against a programmable ViaCEP', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopback();
  });
  afterAll(() => server.close());

  const lookup = (handler: Handler, options: Partial<PostalCodeOptions> = {}) => {
    server.reset(handler);
    return createViaCepLookup({ baseUrl: `${server.url}/`, sleep: noSleep, ...options });
  };
  const unavailable = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('expected PostalCodeUnavailableError'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(PostalCodeUnavailableError);
        return error as PostalCodeUnavailableError;
      },
    );

  it('asks GET /ws/{8 digits}/json/ and maps the address, whatever the input’s punctuation', async () => {
    const find = lookup(() => ({ status: 200, body: viaCepSe }));
    expect(await find('01001-000')).toEqual(se);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/ws/01001000/json/' });
  });

  it('defaults missing street parts to empty text and upper-cases the state', async () => {
    const find = lookup(() => ({ status: 200, body: { cep: '37470-000', localidade: 'São Lourenço', uf: 'mg' } }));
    expect(await find('37470000')).toEqual({
      cep: '37470000',
      street: '',
      complement: '',
      neighborhood: '',
      city: 'São Lourenço',
      state: 'MG',
    });
  });

  it('answers null for a CEP ViaCEP does not know: erro true or "true"', async () => {
    let find = lookup(() => ({ status: 200, body: { erro: true } }));
    expect(await find('99999999')).toBeNull();
    find = lookup(() => ({ status: 200, body: { erro: 'true' } }));
    expect(await find('99999998')).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('answers null for a 400, and remembers it', async () => {
    const find = lookup(() => ({ status: 400, body: '<h1>Http 400</h1>' }));
    expect(await find('12345678')).toBeNull();
    expect(await find('12345678')).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('answers null for malformed input without calling ViaCEP', async () => {
    const find = lookup(() => ({ status: 200, body: viaCepSe }));
    for (const input of ['', 'abc', '1234567', '123456789', '01001-00', '01.001-0000']) {
      expect(await find(input)).toBeNull();
    }
    expect(server.requests).toHaveLength(0);
  });

  it('caches answers: a CEP asked twice, in any spelling, is fetched once', async () => {
    const find = lookup(() => ({ status: 200, body: viaCepSe }));
    expect(await find('01001000')).toEqual(se);
    expect(await find('01001-000')).toEqual(se);
    expect(await find(' 01.001-000 ')).toEqual(se);
    expect(server.requests).toHaveLength(1);
  });

  it('caches unknown CEPs too', async () => {
    const find = lookup(() => ({ status: 200, body: { erro: 'true' } }));
    expect(await find('99999999')).toBeNull();
    expect(await find('99999999')).toBeNull();
    expect(server.requests).toHaveLength(1);
  });

  it('evicts the least recently used answer beyond cacheSize', async () => {
    const find = lookup(({ path }) => ({ status: 200, body: { ...viaCepSe, cep: path.slice(4, 12) } }), {
      cacheSize: 2,
    });
    await find('11111111');
    await find('22222222');
    await find('11111111'); // a hit: 11111111 becomes the most recently used
    await find('33333333'); // evicts 22222222
    expect(server.requests).toHaveLength(3);
    await find('11111111');
    await find('33333333');
    expect(server.requests).toHaveLength(3);
    await find('22222222');
    expect(server.requests.map((r) => r.path)).toEqual([
      '/ws/11111111/json/',
      '/ws/22222222/json/',
      '/ws/33333333/json/',
      '/ws/22222222/json/',
    ]);
  });

  it('retries a 5xx and answers when ViaCEP recovers', async () => {
    const find = lookup(sequence({ status: 503 }, { status: 200, body: viaCepSe }));
    expect(await find('01001000')).toEqual(se);
    expect(server.requests).toHaveLength(2);
  });

  it('fails with PostalCodeUnavailableError on 5xx after every retry, and does not cache the failure', async () => {
    const find = lookup(sequence({ status: 502 }, { status: 502 }, { status: 200, body: viaCepSe }), {
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await unavailable(find('01001000'));
    expect(error.cause).toBeInstanceOf(HttpUnavailableError);
    expect(server.requests).toHaveLength(2);
    expect(await find('01001000')).toEqual(se);
    expect(server.requests).toHaveLength(3);
  });

  it('fails with PostalCodeUnavailableError on a network error or a timeout', async () => {
    let find = lookup(() => ({ destroy: true }));
    await unavailable(find('01001000'));
    find = lookup(() => ({ hang: true }), { timeoutMs: 40, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    await unavailable(find('01001000'));
  });

  it('fails with PostalCodeUnavailableError on an unreadable answer, and does not cache it', async () => {
    const find = lookup(
      sequence(
        { status: 200, body: '<html>blocked</html>' },
        { status: 200, body: { cep: '01001-000', localidade: 'São Paulo' } },
        { status: 404, body: {} },
        { status: 200, body: viaCepSe },
      ),
    );
    await unavailable(find('01001000'));
    await unavailable(find('01001000'));
    await unavailable(find('01001000'));
    expect(await find('01001000')).toEqual(se);
    expect(server.requests).toHaveLength(4);
  });
});

describe('createViaCepLookup against the local stand-in', () => {
  let standIn: LocalPostalCode;
  beforeAll(async () => {
    standIn = await startLocalPostalCode({ port: 0 });
  });
  afterAll(() => standIn.stop());

  it('finds a known CEP', async () => {
    const find = createViaCepLookup({ baseUrl: standIn.url, sleep: noSleep });
    expect(await find('01001000')).toEqual(se);
    expect(await find('20040-020')).toMatchObject({ city: 'Rio de Janeiro', state: 'RJ', street: 'Praça Pio X' });
  });

  it('answers null for a CEP it does not know', async () => {
    const find = createViaCepLookup({ baseUrl: standIn.url, sleep: noSleep });
    expect(await find('99999999')).toBeNull();
  });
});
