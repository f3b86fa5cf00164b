import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '../functions.js';

/** HMAC-SHA256 keys shorter than the hash output weaken it. */
export const MAGIC_LINK_SECRET_MIN_BYTES = 32;

export type SecretFetcher = (secretArn: string) => Promise<string>;

let secretsManager: SecretsManagerClient | undefined;

const fromSecretsManager: SecretFetcher = async (secretArn) => {
  secretsManager ??= new SecretsManagerClient({});
  const { SecretString } = await secretsManager.send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error(`${ENV.magicLinkSecretArn} names a secret without a string value`);
  return SecretString;
};

/**
 * The magic-link signing key, from configuration only: `MAGIC_LINK_SECRET_ARN` (on AWS: a generated Secrets Manager
 * secret, so the key is never in the function's plain environment) or `MAGIC_LINK_SECRET` itself (the local
 * runtime). Exactly one must be set; the key must have at least 32 bytes.
 */
export async function loadMagicLinkSecret(
  env: NodeJS.ProcessEnv = process.env,
  fetchSecret: SecretFetcher = fromSecretsManager,
): Promise<Buffer> {
  const inline = env[ENV.magicLinkSecret];
  const arn = env[ENV.magicLinkSecretArn];
  if (inline && arn) throw new Error(`Set ${ENV.magicLinkSecret} or ${ENV.magicLinkSecretArn}, not both`);
  const raw = inline || (arn ? await fetchSecret(arn) : undefined);
  if (!raw) {
    throw new Error(`Missing or invalid environment variables: ${ENV.magicLinkSecret} or ${ENV.magicLinkSecretArn}`);
  }
  const key = Buffer.from(raw, 'utf8');
  if (key.length < MAGIC_LINK_SECRET_MIN_BYTES) {
    throw new Error(`The magic-link secret must have at least ${MAGIC_LINK_SECRET_MIN_BYTES} bytes`);
  }
  return key;
}
