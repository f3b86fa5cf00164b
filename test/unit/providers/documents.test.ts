import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { attachment, createS3Documents, DEFAULT_LINK_SECONDS } from '../../../lambdas/providers/documents.js';

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
