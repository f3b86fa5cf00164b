import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { postPolicyGuard } from './s3-post-policy.js';

const require = createRequire(import.meta.url);
/** What s3rver (a Koa application) gives a middleware: the request, its store, and the body to answer. */
type S3rverContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  app: { store: S3rverStore };
};
type S3rverStore = {
  getBucket(name: string): Promise<unknown>;
  listObjects(
    bucket: string,
    options: { prefix?: string; startAfter?: string; maxKeys?: number },
  ): Promise<{
    objects: { key: string; size: number; lastModifiedDate: Date; metadata: Record<string, string> }[];
    isTruncated: boolean;
  }>;
};
type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

// s3rver is CommonJS without types.
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<unknown>;
  close(): Promise<void>;
  middleware: Middleware[];
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
 * signed URLs are built and served, never that they are authorised (see REFERENCE.md). It keeps no versions either:
 * ListObjectVersions is added here and answers as a bucket without versioning does.
 */
export async function startLocalS3(opts: {
  port: number;
  dataDir: string;
  buckets: string[];
  /** The app's origins, allowed to POST uploads from the browser (the documents bucket's CORS on AWS). */
  corsOrigins?: readonly string[];
}): Promise<LocalS3> {
  mkdirSync(opts.dataDir, { recursive: true });
  DUMMY_ACCOUNT.createKeyPair(LOCAL_S3_CREDENTIALS.accessKeyId, LOCAL_S3_CREDENTIALS.secretAccessKey);
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port,
    directory: opts.dataDir,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({
      name,
      configs: opts.corsOrigins?.length ? [corsXml(opts.corsOrigins)] : [],
    })),
  });
  // Before s3rver's router (its last middleware), which answers ListObjectVersions with MethodNotAllowed.
  server.middleware.splice(server.middleware.length - 1, 0, listObjectVersions);
  // S3's checks of a browser's POST upload, and the malware scan's stand-in (local/services/s3-post-policy.ts).
  server.middleware.splice(
    server.middleware.length - 1,
    0,
    postPolicyGuard({
      secrets: { [LOCAL_S3_CREDENTIALS.accessKeyId]: LOCAL_S3_CREDENTIALS.secretAccessKey, S3RVER: 'S3RVER' },
      corsOrigins: opts.corsOrigins ?? [],
    }) as unknown as Middleware,
  );
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}

/** The documents bucket's CORS as lib/constructs/data.ts sets it on AWS: the app's origins may POST and GET. */
function corsXml(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

const MAX_KEYS = 1000;
const queryText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * `GET /<bucket>?versions` (ListObjectVersions) as S3 answers it for a bucket without versioning: each object once,
 * as its only and latest version, under the version id "null". s3rver keeps no versions, so this is all it has; the
 * documents bucket's code (which deletes every version) then runs here unchanged. Paged by key, as S3 is.
 */
const listObjectVersions: Middleware = async (ctx, next) => {
  const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
  if (ctx.method !== 'GET' || !bucket || !('versions' in ctx.query)) return next();
  if (!(await ctx.app.store.getBucket(bucket))) return next();
  const prefix = queryText(ctx.query.prefix);
  const keyMarker = queryText(ctx.query['key-marker']);
  const maxKeys = Math.min(MAX_KEYS, Number(queryText(ctx.query['max-keys'])) || MAX_KEYS);
  const { objects, isTruncated } = await ctx.app.store.listObjects(bucket, {
    prefix,
    startAfter: keyMarker || undefined,
    maxKeys,
  });
  ctx.body = {
    ListVersionsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Name: bucket,
      Prefix: prefix,
      KeyMarker: keyMarker,
      VersionIdMarker: '',
      ...(isTruncated ? { NextKeyMarker: objects.at(-1)?.key, NextVersionIdMarker: 'null' } : {}),
      MaxKeys: maxKeys,
      IsTruncated: isTruncated,
      Version: objects.map((object) => ({
        Key: object.key,
        VersionId: 'null',
        IsLatest: true,
        LastModified: object.lastModifiedDate.toISOString(),
        ETag: object.metadata.etag,
        Size: object.size,
        StorageClass: 'STANDARD',
      })),
    },
  };
};
