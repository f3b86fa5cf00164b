import { Duration, NestedStack, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_STAGE } from '../../domain/api/route.js';
import { API_ROUTES, type ApiRouteId } from '../../lambdas/functions.js';
import { apiAccessLogFormat } from './access-logs.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

export type { ApiRouteId } from '../../lambdas/functions.js';

export interface ApiProps {
  /** Deployment stage, passed to every route function. */
  readonly stage: string;
  /** Issuer of the user pool's JWTs (`https://cognito-idp.<region>.amazonaws.com/<poolId>`). */
  readonly jwtIssuer: string;
  /** App client ids whose tokens the API accepts (the SPA client). */
  readonly jwtAudience: string[];
  /** Resources the routes' catalogue grants point at. */
  readonly targets: GrantTargets;
  /** @default { rateLimit: 50, burstLimit: 100 } */
  readonly throttle?: apigwv2.ThrottleSettings;
  /**
   * Retention of the access log. Marco Civil da Internet (art. 15) requires keeping application access
   * records (IP, time) for at least 6 months.
   * @default logs.RetentionDays.ONE_YEAR
   */
  readonly accessLogRetention?: logs.RetentionDays;
}

/**
 * The HTTP API: one ServiceFunction per catalogue route, a Cognito JWT authorizer on every
 * 'customer' and 'admin' route, none on 'public' ones.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** The stage's execute-api URL, without trailing slash. Only CloudFront may call it (origin header). */
  readonly url: string;
  /** The execute-api host, CloudFront's origin for /api. */
  readonly domainName: string;
  readonly functions: Record<ApiRouteId, ServiceFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // No CORS: browsers reach the API only through the site's own CloudFront origin (/api), so a foreign page gets
    // no cross-origin answer, and no request pays for a preflight.
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      // Names need not be unique, but the console lists every stage's API side by side.
      apiName: `${Stack.of(this).stackName}-api`,
      description: `Baixa API (${props.stage})`,
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? logs.RetentionDays.ONE_YEAR,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      // Named like the site's path prefix: CloudFront forwards /api/... unchanged and API Gateway strips the stage.
      stageName: API_STAGE,
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          apiAccessLogFormat({
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            sub: '$context.authorizer.claims.sub',
            authorizerError: '$context.authorizer.error',
            // The Lambda invocation's request id: every line of the function's log carries it (function_request_id).
            integrationRequestId: '$context.integration.requestId',
            integrationStatus: '$context.integration.status',
          }),
        ),
      },
    });
    this.url = `${this.httpApi.apiEndpoint}/${API_STAGE}`;
    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;

    // A JWT authorizer only proves "signed in to this pool and client"; it cannot check group
    // membership. Admin routes therefore re-check the `cognito:groups` claim in the handler.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.jwtIssuer, {
      jwtAudience: props.jwtAudience,
    });

    const functions: Partial<Record<ApiRouteId, ServiceFunction>> = {};
    // Each area's functions (with their roles, policies, log groups and invoke permissions) live in a nested stack of
    // their own: CloudFormation allows 500 resources in a stack, and every route brings about seven
    // (docs/decisions.md, "Stack size"). The routes and integrations stay here, beside the API they belong to.
    const areaStacks = new Map<string, NestedStack>();
    const areaStackOf = (entry: string): NestedStack => {
      const area = routeAreaOf(entry);
      let nested = areaStacks.get(area);
      if (!nested) {
        nested = new NestedStack(this, `${pascalCase(area)}Routes`, {
          description: `Baixa API: the ${area} routes' functions (${props.stage})`,
        });
        areaStacks.set(area, nested);
      }
      return nested;
    };
    // Routes with a bucket of their own (HTTP APIs have no usage plans: a stage's route setting is the separate usage).
    // CloudFormation's own property names: `routeSettings` is an untyped map, which CDK passes through as is.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    const stageResource = this.stage.node.defaultChild as apigwv2.CfnStage;
    for (const { contract, entry, grants, timeoutSeconds, throttle } of API_ROUTES) {
      const fn = new ServiceFunction(areaStackOf(entry), contract.id, {
        entry,
        stage: props.stage,
        description: `${contract.method} ${contract.path}`,
        timeout: timeoutSeconds ? Duration.seconds(timeoutSeconds) : undefined,
      }).applyGrants(grants, props.targets);
      functions[contract.id] = fn;

      const isPublic = contract.access === 'public';
      const routes = this.httpApi.addRoutes({
        path: contract.path,
        methods: [apigwv2.HttpMethod[contract.method]],
        integration: new HttpLambdaIntegration(`${contract.id}Integration`, fn),
        authorizer: isPublic ? undefined : authorizer,
      });
      if (throttle) {
        routeSettings[`${contract.method} ${contract.path}`] = {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
        };
        // A route setting names an existing route key: the stage must be deployed after the route.
        for (const r of routes) stageResource.node.addDependency(r);
      }
      if (isPublic) {
        for (const r of routes) {
          Validations.of(r).acknowledge({
            id: 'AwsSolutions-APIG4',
            reason: `${contract.id} is declared access 'public' in its route contract (domain/api/): it must work without a Cognito session (health check, masked public lookup, or a webhook that authenticates with its own header in the handler).`,
          });
        }
      }
    }
    if (Object.keys(routeSettings).length > 0) stageResource.routeSettings = routeSettings;
    this.functions = functions as Record<ApiRouteId, ServiceFunction>;
  }
}

/** A route's area: the folder of its handler under lambdas/ (`lambdas/admin/list-clients.ts` → `admin`). */
export function routeAreaOf(entry: string): string {
  const match = /^lambdas\/([a-z0-9-]+)\//.exec(entry);
  if (!match) throw new Error(`${entry}: a route's handler lives in a folder of lambdas/ (its area)`);
  return match[1]!;
}

function pascalCase(kebab: string): string {
  return kebab.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
}
