import { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebSocketPush, type Push } from '../../../lambdas/providers/push.js';
import { startLoopback, type LoopbackServer } from './loopback.js';

/** The @connections API of API Gateway: 200 for an open connection, 410 for one the browser left, 500 otherwise. */
describe('createWebSocketPush against a loopback @connections API', () => {
  let server: LoopbackServer;
  let push: Push;
  beforeAll(async () => {
    server = await startLoopback();
    const client = new ApiGatewayManagementApiClient({
      endpoint: server.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      maxAttempts: 1,
    });
    push = createWebSocketPush({ endpoint: server.url, client });
  });
  afterAll(() => server.close());

  const connectionOf = (path: string) => decodeURIComponent(path).replace(/^\/@connections\//, '');
  const answerBy = () =>
    server.reset(({ path }) => {
      const id = connectionOf(path);
      if (id === 'open=') return { status: 200 };
      if (id === 'left=') return { status: 410, body: { message: 'Gone' } };
      return { status: 500, body: { message: 'Internal server error' } };
    });

  it('posts the message as JSON to /@connections/{id}, signed', async () => {
    answerBy();
    expect(await push('open=', { type: 'charge-paid', chargeId: 'c-1', label: 'Pago ✓' })).toBe('sent');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(connectionOf(request?.path ?? '')).toBe('open=');
    expect(JSON.parse(request?.body ?? '')).toEqual({ type: 'charge-paid', chargeId: 'c-1', label: 'Pago ✓' });
    expect(request?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=x\/\d{8}\/us-east-1\/execute-api\//);
  });

  it('answers gone for a connection the browser left (410)', async () => {
    answerBy();
    expect(await push('left=', { type: 'ping' })).toBe('gone');
    expect(server.requests).toHaveLength(1);
  });

  it('throws any other failure', async () => {
    answerBy();
    await expect(push('broken=', { type: 'ping' })).rejects.toMatchObject({
      $metadata: { httpStatusCode: 500 },
    });
  });
});
