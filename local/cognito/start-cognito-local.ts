import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { isAbsolute } from 'node:path';
import { CognitoError } from 'cognito-local/lib/errors.js';
import type { Config } from 'cognito-local/lib/server/config.js';
import { Router, type Route } from 'cognito-local/lib/server/Router.js';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import type { MessageSender } from 'cognito-local/lib/services/messageDelivery/messageSender.js';
import type { Message } from 'cognito-local/lib/services/messages.js';
import { MessagesService } from 'cognito-local/lib/services/messages.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { targetOverrides } from './targets.js';
import { inProcessTriggers, type CognitoTriggers } from './triggers.js';

export type { CognitoTriggers, TriggerHandler } from './triggers.js';

/** An e-mail Cognito would send (sign-up code, forgot password, …), rendered by our CustomMessage trigger. */
export type CognitoEmail = { to: string; subject: string; html: string };

export type CognitoLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export type CognitoLocalOptions = {
  /** 0 picks a free port. */
  port: number;
  /** Absolute directory, owned by cognito-local alone: every *.json in it but clients.json is read as a user pool. */
  dataDir: string;
  triggers: CognitoTriggers;
  /** Receives every e-mail instead of cognito-local's stdout box; a throw fails the API call (CodeDeliveryFailureException). */
  deliverEmail: (email: CognitoEmail) => Promise<void>;
  /** cognito-local's own log, one line per entry on stderr. Default 'warn' (client errors such as NotAuthorizedException). */
  logLevel?: CognitoLogLevel;
};

export type CognitoLocal = {
  /** http://127.0.0.1:<port>; token issuer is `${endpoint}/${userPoolId}`. */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
};

const HOST = '127.0.0.1';

type Logger = Parameters<typeof createServer>[1];

/** pino is cognito-local's dependency, not ours: load the copy it resolves. */
function createLogger(level: CognitoLogLevel): Logger {
  const requireFromCognitoLocal = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  const pino = requireFromCognitoLocal('pino') as (options: object, stream: { write(line: string): void }) => Logger;
  const levels: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
  return pino(
    { level, base: undefined },
    {
      write(line: string) {
        const entry = JSON.parse(line) as {
          level: number;
          msg?: string;
          target?: string;
          err?: { type?: string; message?: string };
        };
        const error = entry.err ? ` — ${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : '';
        process.stderr.write(`[cognito-local] ${levels[entry.level] ?? entry.level} ${entry.msg ?? ''}${error}\n`);
      },
    },
  );
}

/** Hands e-mails to the runtime instead of printing them; SMS does not exist in this product. */
class CallbackMessageSender implements MessageSender {
  constructor(private readonly deliverEmail: (email: CognitoEmail) => Promise<void>) {}

  async sendEmail(ctx: Context, _user: unknown, destination: string, message: Message): Promise<void> {
    const code = message.__code ?? '';
    // Cognito's own default message, used when there is no CustomMessage trigger or it returned none.
    const email = {
      to: destination,
      subject: message.emailSubject || 'Your verification code',
      html: message.emailMessage || `Your verification code is ${code}.`,
    };
    try {
      await this.deliverEmail(email);
    } catch (err) {
      ctx.logger.error(err, `delivering e-mail to ${destination} failed`);
      throw new CognitoError('CodeDeliveryFailureException', 'Unable to deliver the message to the user.');
    }
  }

  async sendSms(ctx: Context, _user: unknown, destination: string): Promise<void> {
    ctx.logger.warn(`SMS to ${destination} dropped: the local runtime delivers e-mail only`);
  }
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Starts cognito-local in this process, bound to 127.0.0.1, with in-process triggers and e-mail callback. */
export async function startCognitoLocal(opts: CognitoLocalOptions): Promise<CognitoLocal> {
  if (!isAbsolute(opts.dataDir)) throw new Error(`cognito-local dataDir must be absolute: ${opts.dataDir}`);
  await mkdir(opts.dataDir, { recursive: true });

  // Listen first so port 0 works: the issuer baked into tokens needs the real port.
  let handle: http.RequestListener | undefined;
  const server = http.createServer((req, res) => {
    if (handle) return handle(req, res);
    res.writeHead(503).end();
  });
  await listen(server, opts.port);
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://${HOST}:${port}`;

  const stop = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    server.closeAllConnections();
    await closed;
  };

  try {
    const logger = createLogger(opts.logLevel ?? 'warn');
    const ctx: Context = { logger };
    const config: Config = {
      LambdaClient: {},
      TriggerFunctions: {},
      UserPoolDefaults: { UsernameAttributes: ['email'] },
      TokenConfig: { IssuerDomain: endpoint },
      ServerConfig: { port, hostname: HOST, development: false, https: false },
    };
    const clock = new DateClock();
    const dataStores = new StormDBDataStoreFactory(opts.dataDir);
    const cognito = await new CognitoServiceFactoryImpl(
      opts.dataDir,
      dataStores,
      new UserPoolServiceFactoryImpl(clock, dataStores),
    ).create(ctx, config.UserPoolDefaults);
    const triggers = inProcessTriggers(opts.triggers, async (triggerCtx, userPoolId, username) => {
      const userPool = await cognito.getUserPool(triggerCtx, userPoolId);
      const user = await userPool.getUserByUsername(triggerCtx, username);
      return user ? userPool.listUserGroupMembership(triggerCtx, user) : [];
    });
    const services: Services = {
      clock,
      cognito,
      config,
      messages: new MessagesService(triggers, new MessageDeliveryService(new CallbackMessageSender(opts.deliverEmail))),
      // cognito-local's otp() and temporary passwords obey a global CODE env var; ours never does.
      otp: () => randomInt(0, 1_000_000).toString().padStart(6, '0'),
      tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
      triggers,
    };
    const baseRouter = Router(services);
    const router = (target: string): Route => {
      const override = targetOverrides[target];
      return override
        ? override({ services, triggers: opts.triggers, base: baseRouter(target), baseRouter })
        : baseRouter(target);
    };
    const app = createServer(router, logger, config.ServerConfig, services).application as http.RequestListener;

    // cognito-local's discovery document hard-codes http://localhost:9229; answer it with the real address.
    const discovery = /^\/([\w-]+)\/\.well-known\/openid-configuration$/;
    handle = (req, res) => {
      const poolId = req.method === 'GET' ? discovery.exec(req.url ?? '')?.[1] : undefined;
      if (!poolId) return app(req, res);
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end(
        JSON.stringify({
          issuer: `${endpoint}/${poolId}`,
          jwks_uri: `${endpoint}/${poolId}/.well-known/jwks.json`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    };
  } catch (err) {
    await stop();
    throw err;
  }

  return { endpoint, port, stop };
}
