import { timingSafeEqual } from 'node:crypto';
import { SECRET_ENV, type SecretName } from '../grants.js';
import { lazyClient } from './lazy-sdk.js';
import { memoizedUntilFailure } from './memoized.js';

export type SecretFetcher = (secretArn: string) => Promise<string>;

/** Loaded at the first secret read: locally every secret is inline, and it never loads. */
const secretsManager = lazyClient(
  () => import('@aws-sdk/client-secrets-manager'),
  (sdk) => new sdk.SecretsManagerClient({}),
);

const fromSecretsManager: SecretFetcher = async (secretArn) => {
  const { sdk, client } = await secretsManager();
  const { SecretString } = await client.send(new sdk.GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error(`The secret ${secretArn} has no string value`);
  return SecretString;
};

/**
 * A secret the function's grants give it: inline (`<NAME>`, the local runtime) or by the ARN of its Secrets Manager
 * secret (`<NAME>_..._ARN`, AWS), fetched once — call it at module scope, so it runs once per cold start. Exactly one
 * of the two must be set; the secret never travels in a plain environment variable on AWS.
 */
export async function readSecret(
  name: SecretName,
  options: { minLength?: number; env?: NodeJS.ProcessEnv; fetchSecret?: SecretFetcher } = {},
): Promise<string> {
  const { env = process.env, fetchSecret = fromSecretsManager, minLength = 1 } = options;
  const names = SECRET_ENV[name];
  const inline = env[names.value];
  const arn = env[names.arn];
  if (inline && arn) throw new Error(`Set ${names.value} or ${names.arn}, not both`);
  const value = inline || (arn ? await fetchSecret(arn) : undefined);
  if (!value) throw new Error(`Missing or invalid environment variables: ${names.value} or ${names.arn}`);
  if (Buffer.byteLength(value, 'utf8') < minLength) {
    throw new Error(`The secret ${name} must have at least ${minLength} bytes`);
  }
  return value;
}

/** A secret of the function's grants, read lazily (`readSecret` once, on first use; again after a failure). */
export function lazySecret(name: SecretName, options: Parameters<typeof readSecret>[1] = {}): () => Promise<string> {
  return memoizedUntilFailure(() => readSecret(name, options));
}

/**
 * A secret the function cannot work without, fetched lazily like `lazySecret`; that its grants give it at all is
 * checked at once, so a deploy without the grant fails its cold start naming the variable, as Lambda's init would.
 */
export function grantedSecret(name: SecretName, options: Parameters<typeof readSecret>[1] = {}): () => Promise<string> {
  const names = SECRET_ENV[name];
  const env = options.env ?? process.env;
  if (!env[names.value] && !env[names.arn]) {
    throw new Error(`Missing or invalid environment variables: ${names.value} or ${names.arn}`);
  }
  return lazySecret(name, options);
}

/** Whether a value someone sent equals a secret, in constant time: how long it takes tells nothing about the secret. */
export function matchesSecret(received: string | undefined, secret: string): boolean {
  const given = Buffer.from(received ?? '', 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
