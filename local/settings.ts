import { resolve } from 'node:path';
import { REPO_ROOT } from '../lib/paths.js';

/**
 * Where each local service listens. Defaults suit one developer; PORT_OFFSET shifts them all
 * (the e2e tests run a second copy beside a developer's `npm start`).
 */
export type LocalSettings = {
  host: '127.0.0.1';
  dataDir: string;
  ports: {
    app: number;
    api: number;
    cognito: number;
    dynamodb: number;
    s3: number;
    ses: number;
    stepFunctions: number;
  };
  adminEmail: string;
  adminPassword: string;
  /** Fixed, so a restart keeps working with Asaas-simulator deliveries configured with it. */
  asaasWebhookToken: string;
  /** Magic-link signing key (≥ 32 bytes). Fixed, so links e-mailed before a restart still open. Local only. */
  magicLinkSecret: string;
};

export function localSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const offset = Number(env.PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50_000)
    throw new Error('PORT_OFFSET must be a whole number between 0 and 50000');
  return {
    host: '127.0.0.1',
    dataDir: resolve(env.BAIXA_DATA_DIR ?? resolve(REPO_ROOT, '.local-data')),
    ports: {
      app: 5173 + offset,
      api: 3001 + offset,
      cognito: 9229 + offset,
      dynamodb: 8000 + offset,
      s3: 4569 + offset,
      ses: 8005 + offset,
      stepFunctions: 8083 + offset,
    },
    adminEmail: env.BAIXA_ADMIN_EMAIL ?? 'admin@baixa.local',
    adminPassword: env.BAIXA_ADMIN_PASSWORD ?? 'admin123',
    asaasWebhookToken: 'local-asaas-webhook-token-0123456789abcdef',
    magicLinkSecret: 'local-magic-link-secret-never-used-on-aws-0123456789',
  };
}
