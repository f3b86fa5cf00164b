import { describe, expect, it } from 'vitest';
import { magicLinkKeyFromEnvironment, MAGIC_LINK_SECRET_MIN_BYTES } from '../../../lambdas/auth/magic-link-key.js';
import { readSecret } from '../../../lambdas/shared/secrets.js';

const ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:asaas-api-key-AbCdEf';

/** A fetchSecret stand-in that records what it was asked. */
function fetcher(value: string) {
  const asked: string[] = [];
  return {
    asked,
    fetchSecret: async (arn: string) => {
      asked.push(arn);
      return value;
    },
  };
}

describe('readSecret', () => {
  it('reads the inline value (the local runtime) without fetching anything', async () => {
    const { asked, fetchSecret } = fetcher('from-aws');
    expect(await readSecret('asaasApiKey', { env: { ASAAS_API_KEY: 'inline-key' }, fetchSecret })).toBe('inline-key');
    expect(asked).toEqual([]);
  });

  it('fetches the secret by its ARN (AWS)', async () => {
    const { asked, fetchSecret } = fetcher('from-aws');
    const env = { ASAAS_API_KEY_SECRET_ARN: ARN };
    expect(await readSecret('asaasApiKey', { env, fetchSecret })).toBe('from-aws');
    expect(asked).toEqual([ARN]);
  });

  it('uses each secret’s own variables', async () => {
    const env = { MAGIC_LINK_SECRET: 'm', ASAAS_WEBHOOK_TOKEN: 'w', ASAAS_API_KEY: 'k' };
    expect(await readSecret('magicLinkKey', { env })).toBe('m');
    expect(await readSecret('asaasWebhookToken', { env })).toBe('w');
    const { asked, fetchSecret } = fetcher('t');
    expect(await readSecret('asaasWebhookToken', { env: { ASAAS_WEBHOOK_TOKEN_SECRET_ARN: ARN }, fetchSecret })).toBe(
      't',
    );
    expect(asked).toEqual([ARN]);
  });

  it('refuses both set at once', async () => {
    const { asked, fetchSecret } = fetcher('from-aws');
    const env = { ASAAS_API_KEY: 'inline-key', ASAAS_API_KEY_SECRET_ARN: ARN };
    await expect(readSecret('asaasApiKey', { env, fetchSecret })).rejects.toThrow(
      'Set ASAAS_API_KEY or ASAAS_API_KEY_SECRET_ARN, not both',
    );
    expect(asked).toEqual([]);
  });

  it('refuses neither set, naming both variables', async () => {
    await expect(readSecret('asaasApiKey', { env: {} })).rejects.toThrow(/ASAAS_API_KEY or ASAAS_API_KEY_SECRET_ARN/);
    await expect(readSecret('asaasApiKey', { env: { ASAAS_API_KEY: '' } })).rejects.toThrow(/ASAAS_API_KEY/);
  });

  it('refuses an empty fetched secret', async () => {
    const { fetchSecret } = fetcher('');
    await expect(readSecret('asaasApiKey', { env: { ASAAS_API_KEY_SECRET_ARN: ARN }, fetchSecret })).rejects.toThrow(
      /ASAAS_API_KEY/,
    );
  });

  it('counts minLength in UTF-8 bytes, not characters', async () => {
    // 'é' is two bytes: two of them make four.
    expect(await readSecret('magicLinkKey', { env: { MAGIC_LINK_SECRET: 'éé' }, minLength: 4 })).toBe('éé');
    await expect(readSecret('magicLinkKey', { env: { MAGIC_LINK_SECRET: 'abc' }, minLength: 4 })).rejects.toThrow(
      'The secret magicLinkKey must have at least 4 bytes',
    );
    const { fetchSecret } = fetcher('short');
    await expect(
      readSecret('magicLinkKey', { env: { MAGIC_LINK_SECRET_ARN: ARN }, fetchSecret, minLength: 6 }),
    ).rejects.toThrow(/at least 6 bytes/);
  });
});

describe('magicLinkKeyFromEnvironment', () => {
  const keyOf = (env: NodeJS.ProcessEnv) => magicLinkKeyFromEnvironment({ env })();
  it('needs a key of at least 32 bytes, the HMAC-SHA256 output size', async () => {
    expect(MAGIC_LINK_SECRET_MIN_BYTES).toBe(32);
    const key = 'k'.repeat(32);
    expect(await keyOf({ MAGIC_LINK_SECRET: key })).toEqual(Buffer.from(key, 'utf8'));
    await expect(keyOf({ MAGIC_LINK_SECRET: 'k'.repeat(31) })).rejects.toThrow(/at least 32 bytes/);
    // 16 two-byte characters are 32 bytes.
    expect((await keyOf({ MAGIC_LINK_SECRET: 'ç'.repeat(16) })).length).toBe(32);
  });
  it('fails at the cold start naming the variables when the grant is missing', () => {
    expect(() => magicLinkKeyFromEnvironment({ env: {} })).toThrow(/MAGIC_LINK_SECRET or MAGIC_LINK_SECRET_ARN/);
  });
  it('reads the key once, and again after a failed read', async () => {
    let reads = 0;
    const key = magicLinkKeyFromEnvironment({
      env: { MAGIC_LINK_SECRET_ARN: ARN },
      fetchSecret: async () => {
        reads += 1;
        if (reads === 1) throw new Error('Secrets Manager is down');
        return 'k'.repeat(32);
      },
    });
    await expect(key()).rejects.toThrow('Secrets Manager is down');
    expect(await key()).toEqual(await key());
    expect(reads).toBe(2);
  });
});
