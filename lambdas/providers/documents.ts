import type { S3Client } from '@aws-sdk/client-s3';
import { lazyClient } from '../shared/lazy-sdk.js';

export type StoredDocument = {
  /** Object key inside the documents bucket, e.g. `contracts/{contractId}.pdf`. */
  key: string;
  body: Uint8Array | string;
  contentType: string;
  /** The name the browser saves the file as. */
  fileName?: string;
};

/** The private documents store (contract PDFs, Nada Consta certificates), as business code sees it. */
export type Documents = {
  put(document: StoredDocument): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object's bytes, or null when there is no such object. */
  read(key: string): Promise<Uint8Array | null>;
  /** A short-lived link that downloads the object; the bucket itself is never public. */
  downloadUrl(key: string, options?: { expiresInSeconds?: number; fileName?: string }): Promise<string>;
  /**
   * A presigned POST for the browser to upload one object straight to S3, with limits S3 itself enforces: this exact
   * key, this exact Content-Type, at most `maxBytes`, encrypted at rest (SSE-S3). A presigned PUT could not cap the size.
   */
  uploadForm(
    key: string,
    options: { contentType: string; maxBytes: number; expiresInSeconds: number },
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /**
   * The malware scan's verdict on an object: the `GuardDutyMalwareScanStatus` tag GuardDuty Malware Protection for S3
   * writes (NO_THREATS_FOUND, THREATS_FOUND, UNSUPPORTED, ACCESS_DENIED, FAILED), or null while not scanned yet.
   */
  scanStatus(key: string): Promise<string | null>;
};

/** The tag GuardDuty Malware Protection for S3 writes on every object it scans (the local stand-in writes it too). */
export const MALWARE_SCAN_TAG = 'GuardDutyMalwareScanStatus';

/** Signed links live 5 minutes by default: long enough to start a download, too short to be shared usefully. */
export const DEFAULT_LINK_SECONDS = 300;

/**
 * S3 behind the Documents interface. The endpoint comes from the SDK's standard `AWS_ENDPOINT_URL_S3`; `pathStyle` is
 * set only where S3 is emulated (s3rver understands path-style addresses only).
 */
export function createS3Documents(options: { bucket: string; pathStyle?: boolean; client?: S3Client }): Documents {
  const s3 = s3Client(options);
  const { bucket } = options;
  return {
    async put(document) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: document.key,
          Body: document.body,
          ContentType: document.contentType,
          ContentDisposition: document.fileName ? attachment(document.fileName) : undefined,
        }),
      );
    },
    async exists(key) {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NotFound' || status === 404) return false;
        throw error;
      }
    },
    async read(key) {
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if ((error as Error).name === 'NoSuchKey' || status === 404) return null;
        throw error;
      }
    },
    async uploadForm(key, form) {
      const [{ client }, { createPresignedPost }] = await Promise.all([s3(), import('@aws-sdk/s3-presigned-post')]);
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, form.maxBytes],
          ['eq', '$Content-Type', form.contentType],
          ['eq', '$x-amz-server-side-encryption', 'AES256'],
        ],
        Fields: { 'Content-Type': form.contentType, 'x-amz-server-side-encryption': 'AES256' },
        Expires: form.expiresInSeconds,
      });
      return { url, fields };
    },
    async scanStatus(key) {
      const { sdk, client } = await s3();
      const { TagSet = [] } = await client.send(new sdk.GetObjectTaggingCommand({ Bucket: bucket, Key: key }));
      return TagSet.find((tag) => tag.Key === MALWARE_SCAN_TAG)?.Value ?? null;
    },
    async downloadUrl(key, urlOptions = {}) {
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
      return getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ResponseContentDisposition: urlOptions.fileName ? attachment(urlOptions.fileName) : undefined,
        }),
        { expiresIn: urlOptions.expiresInSeconds ?? DEFAULT_LINK_SECONDS },
      );
    },
  };
}

/**
 * Erasing a client's documents (pattern 28): every object under a key prefix (`contracts/<contractId>/`,
 * `customers/<userId>/`), with all its versions. Apart from `Documents` so only the deletion function holds list and
 * delete rights.
 */
export type DocumentEraser = {
  /**
   * Deletes every version and delete marker under `prefix` (nothing there is not an error); answers how many objects
   * (keys) had a version deleted.
   */
  eraseUnder(prefix: string): Promise<number>;
};

/** DeleteObjects takes at most 1,000 keys (and versions) a request. */
const DELETE_BATCH = 1000;

/**
 * The bucket is versioned (signed contracts are evidence: an overwrite or a delete stays recoverable), so a plain
 * DeleteObject would only add a delete marker and keep every version. Erasing a client lists the versions and delete
 * markers under the prefix and deletes each by its VersionId; a bucket without versioning lists each object once,
 * under the version id "null", so the same calls erase it too.
 */
export function createS3DocumentEraser(options: {
  bucket: string;
  pathStyle?: boolean;
  client?: S3Client;
}): DocumentEraser {
  const s3 = s3Client(options);
  const { bucket } = options;
  return {
    async eraseUnder(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`Refusing to erase a prefix without a trailing slash: ${prefix}`);
      const { sdk, client } = await s3();
      const erased = new Set<string>();
      let KeyMarker: string | undefined;
      let VersionIdMarker: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker, VersionIdMarker }),
        );
        const versions = (page.Versions ?? []).flatMap(({ Key, VersionId }) => (Key ? [{ Key, VersionId }] : []));
        const markers = (page.DeleteMarkers ?? []).flatMap(({ Key, VersionId }) => (Key ? [{ Key, VersionId }] : []));
        const all = [...versions, ...markers];
        for (let start = 0; start < all.length; start += DELETE_BATCH) {
          const { Errors } = await client.send(
            new sdk.DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: all.slice(start, start + DELETE_BATCH), Quiet: true },
            }),
          );
          // A version left behind would be a document kept without saying so: fail, and the deletion is run again.
          if (Errors?.length) {
            const [first] = Errors;
            throw new Error(
              `S3 kept ${Errors.length} version(s) under ${prefix}: ${first?.Key} ${first?.VersionId} ${first?.Code}`,
            );
          }
        }
        for (const { Key } of versions) erased.add(Key);
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        VersionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
      } while (KeyMarker);
      return erased.size;
    },
  };
}

/** S3's client, loaded at the first call (lambdas/shared/lazy-sdk.ts). */
function s3Client(options: { pathStyle?: boolean; client?: S3Client }) {
  return lazyClient(
    () => import('@aws-sdk/client-s3'),
    (sdk) => new sdk.S3Client({ forcePathStyle: options.pathStyle ?? false }),
    options.client,
  );
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so 'Certidão' keeps its accent in every browser. */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 8187's filename* allows none of them (' is its delimiter).
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
