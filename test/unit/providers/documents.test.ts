import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  attachment,
  createS3DocumentEraser,
  createS3Documents,
  DEFAULT_LINK_SECONDS,
} from '../../../lambdas/providers/documents.js';

describe('attachment', () => {
  it('gives an ASCII fallback and the UTF-8 name (RFC 6266)', () => {
    expect(attachment('Certidão Nada Consta.pdf')).toBe(
      `attachment; filename="Certidao Nada Consta.pdf"; filename*=UTF-8''Certid%C3%A3o%20Nada%20Consta.pdf`,
    );
  });
  it('drops quotes and backslashes from the fallback', () => {
    expect(attachment('a"b\\c.pdf')).toBe(`attachment; filename="abc.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
  });
  it("escapes ' ( ) * in filename*, where they are not allowed", () => {
    expect(attachment("Contrato D'Ávila (1)*.pdf")).toBe(
      `attachment; filename="Contrato D'Avila (1)*.pdf"; filename*=UTF-8''Contrato%20D%27%C3%81vila%20%281%29%2A.pdf`,
    );
  });
});

describe('createS3Documents', () => {
  // Presigning is local: nothing listens on this endpoint and nothing needs to.
  const s3 = new S3Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    endpoint: 'http://127.0.0.1:1',
    forcePathStyle: true,
  });
  const documents = createS3Documents({ bucket: 'baixa-documents', client: s3 });

  it('signs a 5-minute GET link to the object', async () => {
    const url = new URL(await documents.downloadUrl('contracts/c-1.pdf'));
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1:1/baixa-documents/contracts/c-1.pdf');
    expect(DEFAULT_LINK_SECONDS).toBe(300);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
  });

  it('takes another lifetime and the download name', async () => {
    const url = new URL(
      await documents.downloadUrl('certificates/c-1.pdf', { expiresInSeconds: 60, fileName: 'Certidão.pdf' }),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('response-content-disposition')).toBe(attachment('Certidão.pdf'));
  });

  const fakeS3 = (answer: (command: unknown) => unknown) => {
    const sent: unknown[] = [];
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        return answer(command);
      },
    } as unknown as S3Client;
    return { sent, documents: createS3Documents({ bucket: 'baixa-documents', client }) };
  };

  it('puts the object with its type and, when named, its download name', async () => {
    const { sent, documents: store } = fakeS3(() => ({}));
    await store.put({
      key: 'contracts/c-1.pdf',
      body: 'pdf',
      contentType: 'application/pdf',
      fileName: 'Contrato.pdf',
    });
    await store.put({ key: 'raw.bin', body: new Uint8Array([1]), contentType: 'application/octet-stream' });
    expect(sent[0]).toBeInstanceOf(PutObjectCommand);
    expect((sent[0] as PutObjectCommand).input).toEqual({
      Bucket: 'baixa-documents',
      Key: 'contracts/c-1.pdf',
      Body: 'pdf',
      ContentType: 'application/pdf',
      ContentDisposition: attachment('Contrato.pdf'),
    });
    expect((sent[1] as PutObjectCommand).input.ContentDisposition).toBeUndefined();
  });

  it('tells whether an object exists: NotFound or a 404 is no, other failures are thrown', async () => {
    let fake = fakeS3(() => ({}));
    expect(await fake.documents.exists('a.pdf')).toBe(true);
    expect(fake.sent[0]).toBeInstanceOf(HeadObjectCommand);
    expect((fake.sent[0] as HeadObjectCommand).input).toEqual({ Bucket: 'baixa-documents', Key: 'a.pdf' });

    fake = fakeS3(() => {
      throw Object.assign(new Error('NotFound'), { name: 'NotFound' });
    });
    expect(await fake.documents.exists('a.pdf')).toBe(false);

    fake = fakeS3(() => {
      throw Object.assign(new Error('Unknown'), { name: 'Unknown', $metadata: { httpStatusCode: 404 } });
    });
    expect(await fake.documents.exists('a.pdf')).toBe(false);

    fake = fakeS3(() => {
      throw Object.assign(new Error('Forbidden'), { name: 'Forbidden', $metadata: { httpStatusCode: 403 } });
    });
    await expect(fake.documents.exists('a.pdf')).rejects.toThrow('Forbidden');
  });
});

describe('createS3DocumentEraser (a versioned bucket)', () => {
  type Entry = { Key: string; VersionId: string };
  /**
   * A versioned bucket in memory: versions and delete markers, listed 3 entries a page (so the eraser pages), deleted
   * by key and version id; `refuse` names versions S3 will not delete.
   */
  function versionedBucket(entries: { versions: Entry[]; markers: Entry[] }, refuse: string[] = []) {
    const sent: unknown[] = [];
    let { versions, markers } = entries;
    const client = {
      send: async (command: unknown) => {
        sent.push(command);
        if (command instanceof ListObjectVersionsCommand) {
          const { Prefix = '', KeyMarker, VersionIdMarker } = command.input;
          const all = [
            ...versions.map((v) => ({ ...v, marker: false })),
            ...markers.map((m) => ({ ...m, marker: true })),
          ]
            .filter((e) => e.Key.startsWith(Prefix))
            .sort((a, b) => `${a.Key}#${a.VersionId}`.localeCompare(`${b.Key}#${b.VersionId}`));
          const from = KeyMarker ? all.findIndex((e) => e.Key === KeyMarker && e.VersionId === VersionIdMarker) + 1 : 0;
          const page = all.slice(from, from + 3);
          const truncated = from + 3 < all.length;
          return {
            Versions: page.filter((e) => !e.marker).map(({ Key, VersionId }) => ({ Key, VersionId })),
            DeleteMarkers: page.filter((e) => e.marker).map(({ Key, VersionId }) => ({ Key, VersionId })),
            IsTruncated: truncated,
            NextKeyMarker: truncated ? page.at(-1)!.Key : undefined,
            NextVersionIdMarker: truncated ? page.at(-1)!.VersionId : undefined,
          };
        }
        if (command instanceof DeleteObjectsCommand) {
          const objects = command.input.Delete!.Objects! as Entry[];
          const refused = objects.filter((o) => refuse.includes(o.VersionId));
          const gone = (e: Entry) =>
            objects.some((o) => o.Key === e.Key && o.VersionId === e.VersionId) && !refused.includes(e);
          versions = versions.filter((v) => !gone(v));
          markers = markers.filter((m) => !gone(m));
          return { Errors: refused.map((o) => ({ Key: o.Key, VersionId: o.VersionId, Code: 'AccessDenied' })) };
        }
        throw new Error(`unexpected command ${String(command)}`);
      },
    } as unknown as S3Client;
    return {
      sent,
      eraser: createS3DocumentEraser({ bucket: 'baixa-documents', client }),
      left: () => ({ versions, markers }),
    };
  }

  it('deletes every version and delete marker under the prefix, page after page, and counts the documents', async () => {
    const bucket = versionedBucket({
      versions: [
        { Key: 'contracts/c-1/a.pdf', VersionId: 'v1' },
        { Key: 'contracts/c-1/a.pdf', VersionId: 'v2' },
        { Key: 'contracts/c-1/b.pdf', VersionId: 'v1' },
        { Key: 'contracts/c-2/x.pdf', VersionId: 'v1' },
      ],
      // What a plain DeleteObject (the earlier eraser) left: a marker over versions that were all kept.
      markers: [
        { Key: 'contracts/c-1/a.pdf', VersionId: 'm1' },
        { Key: 'contracts/c-1/gone.pdf', VersionId: 'm1' },
      ],
    });
    expect(await bucket.eraser.eraseUnder('contracts/c-1/')).toBe(2);
    expect(bucket.left()).toEqual({ versions: [{ Key: 'contracts/c-2/x.pdf', VersionId: 'v1' }], markers: [] });
    const deletes = bucket.sent.filter((c) => c instanceof DeleteObjectsCommand) as DeleteObjectsCommand[];
    expect(deletes.length).toBeGreaterThan(1);
    expect(deletes[0]!.input).toMatchObject({ Bucket: 'baixa-documents', Delete: { Quiet: true } });
    expect(deletes.flatMap((d) => d.input.Delete!.Objects!).every((o) => o.VersionId)).toBe(true);
    // Run again: nothing left, nothing counted.
    expect(await bucket.eraser.eraseUnder('contracts/c-1/')).toBe(0);
  });

  it('fails when S3 keeps a version, so the deletion is run again rather than keeping a document unsaid', async () => {
    const bucket = versionedBucket(
      {
        versions: [
          { Key: 'customers/u-1/nc.pdf', VersionId: 'v1' },
          { Key: 'customers/u-1/nc.pdf', VersionId: 'v2' },
        ],
        markers: [],
      },
      ['v2'],
    );
    await expect(bucket.eraser.eraseUnder('customers/u-1/')).rejects.toThrow(/kept 1 version.*v2 AccessDenied/);
  });

  it('refuses a prefix without a trailing slash (a client id must not match another one that starts with it)', async () => {
    const bucket = versionedBucket({ versions: [], markers: [] });
    await expect(bucket.eraser.eraseUnder('customers/u-1')).rejects.toThrow(/trailing slash/);
    expect(bucket.sent).toEqual([]);
  });
});
