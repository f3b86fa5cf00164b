import type { ApiGatewayManagementApiClient } from '@aws-sdk/client-apigatewaymanagementapi';
import { lazyClient } from '../shared/lazy-sdk.js';

export type PushOutcome = 'sent' | 'gone';

/** Posts one message to one open WebSocket connection; 'gone' means the browser left (forget the connection). */
export type Push = (connectionId: string, message: unknown) => Promise<PushOutcome>;

/**
 * API Gateway's WebSocket management API behind the Push interface. `endpoint` is the stage's https URL (the `push`
 * grant gives it); locally it points at the local WebSocket server, which speaks the same @connections API.
 */
export function createWebSocketPush(options: { endpoint: string; client?: ApiGatewayManagementApiClient }): Push {
  const gateway = lazyClient(
    () => import('@aws-sdk/client-apigatewaymanagementapi'),
    (sdk) => new sdk.ApiGatewayManagementApiClient({ endpoint: options.endpoint }),
    options.client,
  );
  return async (connectionId, message) => {
    const { sdk, client } = await gateway();
    try {
      await client.send(
        new sdk.PostToConnectionCommand({
          ConnectionId: connectionId,
          Data: new TextEncoder().encode(JSON.stringify(message)),
        }),
      );
      return 'sent';
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (error instanceof sdk.GoneException || (error as Error).name === 'GoneException' || status === 410)
        return 'gone';
      throw error;
    }
  };
}
