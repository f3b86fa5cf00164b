import { describe, expect, it, vi } from 'vitest';
import { loadMagicLinkSecret } from '../../../lambdas/auth/magic-link-secret.js';

const KEY = 'k'.repeat(64);
const ARN = 'arn:aws:secretsmanager:sa-east-1:123456789012:secret:MagicLinkSecret-AbCdEf';

describe('magic-link secret configuration', () => {
  it('takes MAGIC_LINK_SECRET as is (local runtime) without calling Secrets Manager', async () => {
    const fetchSecret = vi.fn();
    expect((await loadMagicLinkSecret({ MAGIC_LINK_SECRET: KEY }, fetchSecret)).toString()).toBe(KEY);
    expect(fetchSecret).not.toHaveBeenCalled();
  });

  it('reads the secret named by MAGIC_LINK_SECRET_ARN (AWS)', async () => {
    const fetchSecret = vi.fn(async () => KEY);
    expect((await loadMagicLinkSecret({ MAGIC_LINK_SECRET_ARN: ARN }, fetchSecret)).toString()).toBe(KEY);
    expect(fetchSecret).toHaveBeenCalledWith(ARN);
  });

  it('refuses none, both, and keys shorter than 32 bytes, naming the variables', async () => {
    const fetchSecret = async () => 'short';
    await expect(loadMagicLinkSecret({}, fetchSecret)).rejects.toThrow(/MAGIC_LINK_SECRET or MAGIC_LINK_SECRET_ARN/);
    await expect(
      loadMagicLinkSecret({ MAGIC_LINK_SECRET: KEY, MAGIC_LINK_SECRET_ARN: ARN }, fetchSecret),
    ).rejects.toThrow(/not both/);
    await expect(loadMagicLinkSecret({ MAGIC_LINK_SECRET: 'x'.repeat(31) }, fetchSecret)).rejects.toThrow(/32 bytes/);
    await expect(loadMagicLinkSecret({ MAGIC_LINK_SECRET_ARN: ARN }, fetchSecret)).rejects.toThrow(/32 bytes/);
  });

  it('lets a Secrets Manager failure surface (the cold start fails and Lambda retries it)', async () => {
    const fetchSecret = async () => {
      throw new Error('AccessDeniedException');
    };
    await expect(loadMagicLinkSecret({ MAGIC_LINK_SECRET_ARN: ARN }, fetchSecret)).rejects.toThrow('AccessDenied');
  });
});
