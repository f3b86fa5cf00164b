import { RUNTIME_CONFIG_PATH, runtimeConfigSchema, type RuntimeConfig } from '@domain/schemas/runtime-config.js';

let loaded: RuntimeConfig | null = null;

/** Fetched once before the first render, so one build can serve every stage. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // no-store: a stale config after a deploy would point the SPA at a removed user pool.
  const response = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
  loaded = runtimeConfigSchema.parse(await response.json());
  return loaded;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime config read before loadRuntimeConfig() finished');
  return loaded;
}
