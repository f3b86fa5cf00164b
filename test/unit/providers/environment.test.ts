import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asaasFromEnvironment,
  documentsFromEnvironment,
  emailFromEnvironment,
  postalCodeFromEnvironment,
  pushFromEnvironment,
  workflowFromEnvironment,
} from '../../../lambdas/shared/environment.js';
import { startLoopback, type LoopbackServer } from './loopback.js';

const ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:asaas-api-key-AbCdEf';

describe('provider factories name the variable their grant should have given', () => {
  it.each([
    ['emailFromEnvironment', emailFromEnvironment, /EMAIL_FROM/],
    ['workflowFromEnvironment', workflowFromEnvironment, /STATE_MACHINE_ARN/],
    ['documentsFromEnvironment', documentsFromEnvironment, /DOCUMENTS_BUCKET/],
    ['pushFromEnvironment', pushFromEnvironment, /PUSH_ENDPOINT/],
    ['postalCodeFromEnvironment', postalCodeFromEnvironment, /POSTAL_CODE_API_URL/],
  ] as const)('%s({}) fails naming its variable', (_name, factory, variable) => {
    expect(() => factory({})).toThrow(variable);
  });

  it('asaasFromEnvironment fails naming ASAAS_API_URL, then the key’s variables', async () => {
    // At the cold start (no top-level await: the key itself is read on the first call, but its grant is checked now).
    expect(() => asaasFromEnvironment({ env: { ASAAS_API_KEY: 'k' } })).toThrow(/ASAAS_API_URL/);
    expect(() => asaasFromEnvironment({ env: { ASAAS_API_URL: 'https://api-sandbox.asaas.com/v3' } })).toThrow(
      /ASAAS_API_KEY or ASAAS_API_KEY_SECRET_ARN/,
    );
  });

  it('refuses a URL variable that is not a URL', async () => {
    expect(() => pushFromEnvironment({ PUSH_ENDPOINT: 'ws-api' })).toThrow(/PUSH_ENDPOINT/);
    expect(() => postalCodeFromEnvironment({ POSTAL_CODE_API_URL: 'viacep' })).toThrow(/POSTAL_CODE_API_URL/);
    expect(() => asaasFromEnvironment({ env: { ASAAS_API_URL: 'asaas', ASAAS_API_KEY: 'k' } })).toThrow(
      /ASAAS_API_URL/,
    );
  });

  it('refuses a path-style flag other than "true"', () => {
    expect(() => documentsFromEnvironment({ DOCUMENTS_BUCKET: 'b', DOCUMENTS_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /DOCUMENTS_FORCE_PATH_STYLE/,
    );
  });

  it('builds each provider once its variables are there', () => {
    expect(emailFromEnvironment({ EMAIL_FROM: 'nao-responda@baixa.test' })).toBeTypeOf('function');
    expect(workflowFromEnvironment({ STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:0:stateMachine:m' })).toHaveProperty(
      'start',
    );
    expect(documentsFromEnvironment({ DOCUMENTS_BUCKET: 'b', DOCUMENTS_FORCE_PATH_STYLE: 'true' })).toHaveProperty(
      'downloadUrl',
    );
    expect(pushFromEnvironment({ PUSH_ENDPOINT: 'https://abc.execute-api.us-east-1.amazonaws.com/prod' })).toBeTypeOf(
      'function',
    );
  });
});

describe('factories that talk HTTP reach the configured URL', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopback();
  });
  afterAll(() => server.close());

  it('asaasFromEnvironment sends the inline ASAAS_API_KEY to ASAAS_API_URL', async () => {
    server.reset(() => ({ status: 200, body: { id: 'pay_1', status: 'PENDING', value: 10 } }));
    const asaas = asaasFromEnvironment({ env: { ASAAS_API_URL: `${server.url}/v3`, ASAAS_API_KEY: 'inline-key' } });
    expect((await asaas.getPayment('pay_1')).id).toBe('pay_1');
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v3/payments/pay_1' });
    expect(server.requests[0]?.headers.access_token).toBe('inline-key');
  });

  it('asaasFromEnvironment fetches the key by ARN through the injected fetcher', async () => {
    server.reset(() => ({ status: 200, body: { id: 'pay_1', status: 'PENDING', value: 10 } }));
    const asked: string[] = [];
    const asaas = asaasFromEnvironment({
      env: { ASAAS_API_URL: `${server.url}/v3`, ASAAS_API_KEY_SECRET_ARN: ARN },
      fetchSecret: async (arn) => {
        asked.push(arn);
        return 'key-from-secrets-manager';
      },
    });
    await asaas.getPayment('pay_1');
    expect(asked).toEqual([ARN]);
    expect(server.requests[0]?.headers.access_token).toBe('key-from-secrets-manager');
  });

  it('postalCodeFromEnvironment asks POSTAL_CODE_API_URL', async () => {
    server.reset(() => ({ status: 200, body: { erro: true } }));
    const lookup = postalCodeFromEnvironment({ POSTAL_CODE_API_URL: server.url });
    expect(await lookup('99999-999')).toBeNull();
    expect(server.requests[0]?.path).toBe('/ws/99999999/json/');
  });
});
