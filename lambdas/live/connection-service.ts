import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { LIVE_TOKEN_PARAM } from '../../domain/live.js';
import type { TokenVerifier } from '../providers/tokens.js';
import type { Clock } from '../shared/clock.js';
import { forgetConnection, saveConnection } from '../shared/data/connections.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';

/** API Gateway hands $connect the query string, which the WebSocket event type does not declare. */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string | undefined>;
};

export type LiveDeps = { db: Db; clock: Clock; verifyToken: TokenVerifier };

/**
 * $connect: the browser sends its Cognito id token in the query string (a WebSocket cannot carry headers); a valid one
 * registers the connection under its owner, anything else is refused before the socket opens. The token is never
 * logged, and API Gateway's access log for this API leaves the query string out.
 */
export function connectHandler(deps: LiveDeps) {
  return observedHandler<WebSocketEvent, APIGatewayProxyResultV2>(async (event) => {
    const { connectionId } = event.requestContext;
    logger.appendKeys({ route: '$connect', connectionId });
    const token = event.queryStringParameters?.[LIVE_TOKEN_PARAM];
    const user = token ? await deps.verifyToken(token) : null;
    if (!user) return { statusCode: 401 };
    await saveConnection(deps.db, { userId: user.userId, connectionId, now: deps.clock() });
    return { statusCode: 200 };
  });
}

/** $disconnect: forgets the connection (best effort: its records expire with API Gateway's 2-hour limit anyway). */
export function disconnectHandler(deps: Pick<LiveDeps, 'db'>) {
  return observedHandler<WebSocketEvent, APIGatewayProxyResultV2>(async (event) => {
    const { connectionId } = event.requestContext;
    logger.appendKeys({ route: '$disconnect', connectionId });
    try {
      await forgetConnection(deps.db, connectionId);
    } catch (error) {
      logger.error('Connection not forgotten', { error: error as Error });
    }
    return { statusCode: 200 };
  });
}
