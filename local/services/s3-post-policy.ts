import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * What S3 checks on a browser's POST upload (a presigned POST) and s3rver does not: the policy's signature and
 * expiry, and every condition (exact key, exact Content-Type, the size range, SSE), each form field covered by one
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html). Then the malware scan's
 * stand-in: the uploaded object gets GuardDuty's `GuardDutyMalwareScanStatus` tag, THREATS_FOUND for the EICAR test
 * file, NO_THREATS_FOUND otherwise — so the kit's code runs here as it does on AWS.
 */

type Ctx = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  req: NodeJS.ReadableStream;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
  get(name: string): string;
  app: { store: { putSubresource(bucket: string, key: string, resource: unknown): Promise<void> } };
};
type Middleware = (ctx: Ctx, next: () => Promise<void>) => Promise<void>;

/** The standard antivirus test file (eicar.org): harmless, flagged by every scanner, GuardDuty included. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** Whatever the policy says, a form body past this is refused before it is read further (S3's limit is 5 GB). */
const MAX_FORM_BYTES = 32 * 1024 * 1024;

type Part = { name: string; fileName?: string; data: Buffer };

/** A multipart/form-data body's parts (fields are small; the file is the last part a browser sends). */
function parseMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return [];
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const chunk = body.subarray(start + 2, next - 2); // past CRLF, before the CRLF that precedes the delimiter
    const headerEnd = chunk.indexOf('\r\n\r\n');
    const headers = chunk.subarray(0, headerEnd).toString('utf8');
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (name !== undefined) parts.push({ name, fileName, data: chunk.subarray(headerEnd + 4) });
    at = next;
  }
  return parts;
}

type Condition = Record<string, string> | [string, string | number, string | number];

function policyFailure(ctx: Ctx, status: number, code: string, message: string, origin: string | null) {
  if (origin) ctx.set('Access-Control-Allow-Origin', origin);
  ctx.status = status;
  ctx.body = { Error: { Code: code, Message: message } };
}

export function postPolicyGuard(options: {
  /** Secret keys by access key id: the pairs the local functions sign with. */
  secrets: Record<string, string>;
  /** Origins the bucket's CORS allows, so the browser can read a refusal. */
  corsOrigins: readonly string[];
}): Middleware {
  return async (ctx, next) => {
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    const contentType = String(ctx.headers['content-type'] ?? '');
    if (ctx.method !== 'POST' || !bucket || !contentType.startsWith('multipart/form-data')) return next();
    const requestOrigin = ctx.get('origin');
    const origin = options.corsOrigins.includes(requestOrigin) ? requestOrigin : null;

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM_BYTES)
        return policyFailure(
          ctx,
          400,
          'EntityTooLarge',
          'Your proposed upload exceeds the maximum allowed size',
          origin,
        );
      chunks.push(chunk);
    }
    const raw = Buffer.concat(chunks);
    const parts = parseMultipart(raw, contentType);
    const fields = new Map<string, string>();
    let file: Part | undefined;
    for (const part of parts) {
      if (part.name === 'file') {
        file = part;
        break; // S3 ignores every field after the file
      }
      fields.set(part.name.toLowerCase(), part.data.toString('utf8'));
    }
    const deny = (message: string) => policyFailure(ctx, 403, 'AccessDenied', message, origin);
    const policyText = fields.get('policy');
    if (!policyText || !file) return deny('Bucket POST must contain a policy and a file.');

    const credential = fields.get('x-amz-credential') ?? '';
    const [accessKeyId, date, region, service] = credential.split('/');
    const secret = accessKeyId ? options.secrets[accessKeyId] : undefined;
    if (!secret || !date || !region || !service) return deny('Invalid according to Policy: unknown credential.');
    const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
    const expected = createHmac('sha256', signingKey).update(policyText, 'utf8').digest('hex');
    if (expected !== fields.get('x-amz-signature')) {
      return policyFailure(
        ctx,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
        origin,
      );
    }
    let policy: { expiration: string; conditions: Condition[] };
    try {
      policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
    } catch {
      return deny('Invalid Policy: Invalid JSON.');
    }
    if (!(Date.parse(policy.expiration) > Date.now())) return deny('Invalid according to Policy: Policy expired.');

    const valueOf = (name: string) => (name === 'bucket' ? bucket : fields.get(name.toLowerCase()));
    const covered = new Set<string>(['bucket']);
    for (const condition of policy.conditions) {
      if (!Array.isArray(condition)) {
        for (const [name, value] of Object.entries(condition)) {
          covered.add(name.toLowerCase());
          if (valueOf(name) !== value)
            return deny(`Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`);
        }
        continue;
      }
      const [operator, first, second] = condition;
      if (operator === 'content-length-range') {
        if (file.data.length > Number(second))
          return policyFailure(
            ctx,
            400,
            'EntityTooLarge',
            'Your proposed upload exceeds the maximum allowed size',
            origin,
          );
        if (file.data.length < Number(first))
          return policyFailure(
            ctx,
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed size',
            origin,
          );
        continue;
      }
      const name = String(first).replace(/^\$/, '').toLowerCase();
      covered.add(name);
      const actual = valueOf(name) ?? '';
      const ok =
        operator === 'eq' ? actual === second : operator === 'starts-with' ? actual.startsWith(String(second)) : false;
      if (!ok) return deny(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    }
    for (const name of fields.keys()) {
      const exempt = ['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-');
      if (!exempt && !covered.has(name)) return deny(`Invalid according to Policy: Extra input fields: ${name}`);
    }

    // The policy holds: s3rver stores the object from the same bytes.
    (ctx as { req: NodeJS.ReadableStream }).req = Object.assign(Readable.from([raw]), { headers: ctx.headers });
    await next();
    const key = fields.get('key');
    if (key && ctx.status >= 200 && ctx.status < 300) {
      const verdict = file.data.includes(EICAR) ? 'THREATS_FOUND' : 'NO_THREATS_FOUND';
      await ctx.app.store.putSubresource(bucket, key, {
        type: 'tagging',
        toXML: () =>
          `<Tagging><TagSet><Tag><Key>GuardDutyMalwareScanStatus</Key><Value>${verdict}</Value></Tag></TagSet></Tagging>`,
      });
    }
  };
}
