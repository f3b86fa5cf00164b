import { describe, expect, it, vi } from 'vitest';
import { lazyClient } from '../../../lambdas/shared/lazy-sdk.js';

describe('an SDK client loaded at its first call (lazyClient)', () => {
  it('loads nothing until called, then loads the module and builds the client once', async () => {
    const load = vi.fn(async () => ({ Client: class {} }));
    const create = vi.fn((sdk: { Client: new () => object }) => new sdk.Client());
    const client = lazyClient(load, create);
    expect(load).not.toHaveBeenCalled();
    const first = await client();
    const second = await client();
    expect(load).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(second.client).toBe(first.client);
  });

  it("uses the caller's own client as it is", async () => {
    const given = { send: vi.fn() };
    const create = vi.fn(() => ({ send: vi.fn() }));
    const { client } = await lazyClient(async () => ({}), create, given)();
    expect(client).toBe(given);
    expect(create).not.toHaveBeenCalled();
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    const load = vi
      .fn<() => Promise<{ version: number }>>()
      .mockRejectedValueOnce(new Error('EMFILE'))
      .mockResolvedValueOnce({ version: 2 });
    const client = lazyClient(load, (sdk) => sdk.version);
    await expect(client()).rejects.toThrow('EMFILE');
    await expect(client()).resolves.toEqual({ sdk: { version: 2 }, client: 2 });
  });
});
