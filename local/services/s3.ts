import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// s3rver is CommonJS without types.
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<unknown>;
  close(): Promise<void>;
};

// s3rver knows one hard-coded key pair (S3RVER/S3RVER); its account model is how it learns others.
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};

export type LocalS3 = { endpoint: string; stop(): Promise<void> };

/** The credentials the local runtime and the tests give the functions (see local/runtime.ts). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/**
 * s3rver stands in for the documents bucket. It does NOT check signatures, so it proves that
 * signed URLs are built and served, never that they are authorised (see REFERENCE.md).
 */
export async function startLocalS3(opts: { port: number; dataDir: string; buckets: string[] }): Promise<LocalS3> {
  mkdirSync(opts.dataDir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey);
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.dataDir,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}
