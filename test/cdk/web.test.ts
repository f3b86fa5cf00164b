// Web: the CloudFront distribution, its origins, headers and config.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../domain/schemas/runtime-config.js';
import { DEFAULT_REGION } from '../../lib/baixa-app.js';
import { DEFERRED_ENTRY_LOADER_CSP_SOURCE } from '../../lib/deferred-entry.js';
import { logicalId, type SynthesizedBaixa } from './helpers.js';
import { stage, type Json, resources } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('Web', () => {
  it('CloudFront serves the private bucket through OAC, routes and answers 404 by functions, HTTPS only', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: Match.anyValue() },
            { EventType: 'viewer-response', FunctionARN: Match.anyValue() },
          ],
        }),
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
      }),
    });
    // Custom error responses would turn the API's own 403/404 into HTML; the functions run on the site's behavior only.
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig as { CustomErrorResponses?: unknown; CacheBehaviors: Json[] };
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.FunctionAssociations).toBeUndefined();
    const functions = Object.values(resources('AWS::CloudFront::Function'));
    const codeOf = (comment: RegExp) =>
      String(
        functions.find((fn) => comment.test(String((fn.Properties.FunctionConfig as Json).Comment)))!.Properties
          .FunctionCode,
      );
    // The functions' own logic, run here as CloudFront would: public pages → their prerendered HTML, app routes → the
    // app shell, files untouched, anything else → the 404 page with HTTP 404.
    const routing = new Function(`${codeOf(/prerendered page/)}; return handler;`)() as (e: unknown) => { uri: string };
    const route = (uri: string) => routing({ request: { uri } }).uri;
    expect(route('/app/dashboard')).toBe('/app.html');
    expect(route('/app/contrato/imprimir/01JABC')).toBe('/app.html');
    expect(route('/verificar/ABCD-1234-WXYZ')).toBe('/app.html');
    expect(route('/')).toBe('/index.html');
    expect(route('/consultar')).toBe('/consultar/index.html');
    expect(route('/termos/')).toBe('/termos/index.html');
    expect(route('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(route('/favicon.svg')).toBe('/favicon.svg');
    expect(route('/pagina-que-nao-existe')).toBe('/404.html');
    const status = new Function(`${codeOf(/HTTP 404/)}; return handler;`)() as (e: unknown) => { statusCode: number };
    const answer = (uri: string, statusCode = 200) => status({ request: { uri }, response: { statusCode } }).statusCode;
    expect(answer('/pagina-que-nao-existe')).toBe(404);
    expect(answer('/404.html')).toBe(404);
    expect(answer('/assets/gone.js', 403)).toBe(404);
    expect(answer('/app/dashboard')).toBe(200);
    expect(answer('/consultar/index.html')).toBe(200);
  });

  it('forwards /api/* to the HTTP API over TLS with the origin secret, every viewer value and no caching', () => {
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig as { CacheBehaviors: Json[]; Origins: Json[] };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    const origin = config.Origins.find((o) => o.Id === api!.TargetOriginId) as Json;
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(s.stack.api.httpApi));
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const [header] = origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(header?.HeaderName).toBe('x-origin-verify');
    // A dynamic reference to the secret, resolved by CloudFormation at deploy time: the value is not in the template.
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header?.HeaderValue)).toContain(logicalId(s.stack.secrets.byName.originVerify));
  });

  it('never caches the pages, the app shell, the 404 page, config.json, robots.txt and sitemap.xml at the edge', () => {
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const behaviors = (dist!.Properties.DistributionConfig as { CacheBehaviors: Json[] }).CacheBehaviors;
    const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'; // AWS managed "CachingDisabled"
    for (const path of [
      '/index.html',
      '/consultar/index.html',
      '/app.html',
      '/404.html',
      '/config.json',
      '/robots.txt',
      '/sitemap.xml',
    ]) {
      expect(behaviors.find((b) => b.PathPattern === path)).toMatchObject({ CachePolicyId: cachingDisabled });
    }
  });

  it('sends security headers, with a CSP that allows its own origin (the API), Cognito and the live channel', () => {
    const [policy] = Object.values(resources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = (policy!.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Json })
      .SecurityHeadersConfig;
    expect(headers).toMatchObject({
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
      ContentTypeOptions: { Override: true },
      StrictTransportSecurity: expect.objectContaining({ AccessControlMaxAgeSec: expect.any(Number) }),
    });
    const csp = JSON.stringify((headers.ContentSecurityPolicy as Json).ContentSecurityPolicy);
    expect(csp).toContain("connect-src 'self' https://cognito-idp.");
    expect(csp).toContain(logicalId(s.stack.live.webSocketApi));
    expect(csp).not.toContain(logicalId(s.stack.api.httpApi));
    // The filing kit's uploads: the browser POSTs each file to the documents bucket's regional endpoint.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.s3\./);
    expect(csp).toContain("frame-ancestors 'none'");
    // No inline script runs but the public pages' loader, allowed by its hash (test/cdk/site-build.test.ts).
    expect(csp).toContain(`script-src 'self' ${DEFERRED_ENTRY_LOADER_CSP_SOURCE};`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('deploys a config.json that matches the SPA schema and carries the API URL and pool ids', () => {
    const deployments = Object.values(resources('Custom::CDKBucketDeployment'));
    const entry = deployments.find((d) =>
      ((d.Properties.Include as string[] | undefined) ?? []).includes('config.json'),
    );
    expect(entry).toBeDefined();
    // Source.jsonData stages config.json with markers that the deployment substitutes with deploy-time values.
    const keys = entry!.Properties.SourceObjectKeys as string[];
    const markerSets = entry!.Properties.SourceMarkers as Record<string, unknown>[];
    const index = markerSets.findIndex((m) => Object.keys(m).length > 0);
    const staged = readFileSync(join(s.outdir, `asset.${keys[index]!.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const markers = markerSets[index]!;
    const raw = JSON.parse(staged) as Record<string, unknown>;
    const resolved = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' && v in markers ? markers[v] : v]),
    );

    expect(resolved).toMatchObject({
      stage: 'test',
      // A stage always has a region at synth (lib/baixa-app.ts: the edge stack is read across regions).
      region: DEFAULT_REGION,
      userPoolId: { Ref: logicalId(s.stack.auth.userPool) },
      userPoolClientId: { Ref: logicalId(s.stack.auth.client) },
      passwordAuthFlow: 'USER_SRP_AUTH',
    });
    expect(raw.liveUrl).toMatch(/^wss:\/\/.+\.execute-api\..+\/live$/);
    // The API is the distribution's own /api: a marker for the distribution's domain inside the string.
    const apiUrl = String(raw.apiUrl);
    const [domainMarker] = Object.keys(markers).filter((m) => apiUrl.includes(m));
    expect(apiUrl).toBe(`https://${domainMarker}/api`);
    expect(markers[domainMarker!]).toEqual({ 'Fn::GetAtt': [logicalId(s.stack.web.distribution), 'DomainName'] });
    const example: Record<string, string> = {
      apiUrl: 'https://d111111abcdef8.cloudfront.net/api',
      liveUrl: 'wss://abc123.execute-api.sa-east-1.amazonaws.com/live',
      region: 'sa-east-1',
      userPoolId: 'sa-east-1_abc',
      userPoolClientId: 'client',
    };
    const filled = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        typeof v === 'string' && Object.keys(markers).some((m) => v.includes(m)) ? example[k] : v,
      ]),
    );
    expect(runtimeConfigSchema.safeParse(filled).success).toBe(true);
  });
});
