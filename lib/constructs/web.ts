import { Duration, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_BASE_PATH } from '../../domain/api/route.js';
import {
  APP_ROUTE_SOURCES,
  APP_SHELL_FILE,
  ASSETS_PREFIX,
  NOT_FOUND_FILE,
  prerenderedFile,
  PUBLIC_PAGES,
  robotsTxt,
  ROOT_FILES,
  sitemapXml,
} from '../../domain/public-pages.js';
import type { RuntimeConfig } from '../../domain/schemas/runtime-config.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/origin.js';
import type { CompanyIdentity } from '../../domain/company.js';
import { RUNTIME_CONFIG_PATH } from '../../domain/schemas/runtime-config.js';
import { contentSecurityPolicy } from '../content-security-policy.js';
import { nagRef } from '../nag.js';
import { siteDomainOf } from '../site-domain.js';
import { viteBuildSource } from '../site-source.js';

/**
 * CloudFront Functions JS 2.0, generated from the lists in domain/public-pages.ts (`siteFileFor` is the same rule in
 * TypeScript, for tests, the dev server and the benchmark's server): a public page gets its prerendered HTML, an app
 * route the app shell, a root file or a hashed asset itself, and any other path the prerendered 404 page.
 */
export function siteRoutesFunctionCode(): string {
  const pages = Object.fromEntries(PUBLIC_PAGES.map((page) => [page.path, prerenderedFile(page.path)]));
  return `var PAGES = ${JSON.stringify(pages)};
var APP_ROUTES = ${JSON.stringify(APP_ROUTE_SOURCES)}.map(function (source) { return new RegExp(source); });
var FILES = ${JSON.stringify([...ROOT_FILES, NOT_FOUND_FILE])};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  if (PAGES[path]) {
    request.uri = PAGES[path];
    return request;
  }
  for (var i = 0; i < APP_ROUTES.length; i++) {
    if (APP_ROUTES[i].test(path)) {
      request.uri = '${APP_SHELL_FILE}';
      return request;
    }
  }
  if (FILES.indexOf(uri) === -1 && uri.indexOf('${ASSETS_PREFIX}') !== 0) request.uri = '${NOT_FOUND_FILE}';
  return request;
}`;
}

/**
 * The viewer-response half: the 404 page goes out as HTTP 404 (not a soft 404 that crawlers index), and so does a
 * missing object, which S3 answers 403 because CloudFront may not list the bucket. Only the site's behavior runs it,
 * so the API's own 403 and 404 reach the SPA untouched (a distribution-wide error page would turn them into HTML).
 */
export function siteStatusFunctionCode(): string {
  // Whether CloudFront shows this function the viewer's URI or the one the request function rewrote, it is known.
  const files = [...ROOT_FILES, ...PUBLIC_PAGES.map((page) => prerenderedFile(page.path))];
  return `var PAGES = ${JSON.stringify(PUBLIC_PAGES.map((page) => page.path))};
var APP_ROUTES = ${JSON.stringify(APP_ROUTE_SOURCES)}.map(function (source) { return new RegExp(source); });
var FILES = ${JSON.stringify(files)};
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  var path = uri.length > 1 ? uri.replace(/\\/+$/, '') : uri;
  var known = PAGES.indexOf(path) !== -1 || FILES.indexOf(uri) !== -1 || uri.indexOf('${ASSETS_PREFIX}') === 0;
  for (var i = 0; !known && i < APP_ROUTES.length; i++) known = APP_ROUTES[i].test(path);
  if (uri === '${NOT_FOUND_FILE}' || !known || response.statusCode === 403) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;
}

/** Written per stage by this construct, for the site's own origin. */
const SEO_FILES = ['robots.txt', 'sitemap.xml'];

/** Files the SPA re-reads on every visit; everything else Vite emits is content-hashed and immutable. */
const ENTRY_FILES = [
  ...PUBLIC_PAGES.map((page) => prerenderedFile(page.path).replace(/^\//, '')),
  APP_SHELL_FILE.replace(/^\//, ''),
  NOT_FOUND_FILE.replace(/^\//, ''),
  RUNTIME_CONFIG_PATH.replace(/^\//, ''),
  ...SEO_FILES,
];

export interface WebProps {
  /** /config.json for this stage (see domain/schemas/runtime-config.ts); the API's URL is the site's own /api. */
  readonly runtimeConfig: Omit<RuntimeConfig, 'userPoolEndpoint' | 'inboxUrl' | 'paymentSimulatorUrl' | 'apiUrl'>;
  /**
   * The HTTP API, served under /api on this distribution. CloudFront adds the origin secret to every request it
   * forwards, and the API refuses requests without it, so the viewer headers it adds (address, location) can be trusted.
   */
  readonly api: {
    readonly domainName: string;
    readonly originSecret: secretsmanager.ISecret;
    /**
     * The secret's version CloudFront sends. CloudFormation resolves a dynamic reference only when the template changes,
     * so after putting a new value, deploying with its VersionId is what makes CloudFront send it.
     * @default - the current version at the first deploy
     */
    readonly originSecretVersion?: string;
  };
  /**
   * The site's public URL when the stage has its own domain (e.g. https://www.limpanome.com.br): the distribution
   * answers on it with `siteCertificateArn`, `appUrl` is it (the e-mails' links, the API's URL, the documents bucket's
   * CORS origin), and the prerendered pages' canonical links name it.
   * @default - the distribution's URL (canonical links are then set by the page itself)
   */
  readonly siteUrl?: string;
  /** The certificate of `siteUrl`'s domain, issued in us-east-1 (lib/edge-stack.ts). Required with `siteUrl`. */
  readonly siteCertificateArn?: string;
  /** Who the provider is: the prerendered pages, the footer, the contract and the payment screen are built with it. */
  readonly company: CompanyIdentity;
  /**
   * ARN of the AWS WAF web ACL (scope CLOUDFRONT, created in us-east-1: lib/edge-stack.ts) that guards the site and
   * /api at the edge.
   */
  readonly webAclArn: string;
  /** Bucket that receives the site bucket's S3 access logs and the distribution's standard logs. */
  readonly accessLogsBucket: s3.IBucket;
  /**
   * A directory with an already built SPA (must contain index.html). Tests and CI that build the
   * frontend separately pass it to skip Vite during synth.
   * @default - the SPA is built with Vite during synth (see lib/site-source.ts)
   */
  readonly siteAssetPath?: string;
}

/**
 * The SPA: a private bucket behind CloudFront (origin access control), security headers, client-side
 * routing fallback, and the runtime config deployed next to the build so one build serves any stage.
 */
export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;
  /** The site's origin, without trailing slash: its own domain's, or `https://<distribution>.cloudfront.net`. */
  readonly appUrl: string;
  /** The API as browsers and Asaas reach it: `<appUrl>/api`. */
  readonly apiUrl: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    const urlSuffix = Stack.of(this).urlSuffix;

    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'site/',
    });

    // The policy's one home (lib/content-security-policy.ts); Meta's pixel's sources only where a pixel id is configured.
    const csp = contentSecurityPolicy({
      cognitoOrigin: `https://cognito-idp.${region}.${urlSuffix}`,
      liveUrl: props.runtimeConfig.liveUrl,
      // The filing kit's uploads go from the browser to the documents bucket (a presigned POST to its regional endpoint).
      // Any bucket of the region, not that one by name: the bucket's CORS rule names this distribution's domain, so
      // naming the bucket here would make each depend on the other (a cycle CloudFormation refuses).
      uploadsOrigin: `https://*.s3.${region}.${urlSuffix}`,
      pixel: props.runtimeConfig.metaPixelId !== undefined,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'SPA security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
    });

    const origin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    // A new deploy must reach users at once: the entry files are never cached at the edge.
    const uncached: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: headers,
      compress: true,
    };

    // The API on the site's own origin: no CORS, no preflight, one TLS connection. Nothing is cached; every viewer
    // value (the Authorization header included, allowed because caching is off) and CloudFront's viewer headers
    // (CloudFront-Viewer-Address, -City, -Country-Region, -Latitude, -Longitude: the signing evidence) reach the API.
    const api: cloudfront.BehaviorOptions = {
      origin: new HttpOrigin(props.api.domainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        // A CloudFormation dynamic reference: the value is resolved at deploy time and never sits in the template.
        customHeaders: {
          [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(props.api.originSecret.secretArn, {
            versionId: props.api.originSecretVersion,
          }).unsafeUnwrap(),
        },
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
      compress: true,
    };

    // Client-side routes (/app/..., /admin/...) have no file in the bucket: the SPA's entry answers them. Functions
    // rather than custom error responses, which would also turn the API's own 403 and 404 into HTML.
    const spaRoutes = new cloudfront.Function(this, 'SpaRoutes', {
      comment: 'Serves the prerendered page, the app shell for app routes, or the 404 page for any other path',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(siteRoutesFunctionCode()),
    });
    const siteStatus = new cloudfront.Function(this, 'SiteStatus', {
      comment: 'Answers HTTP 404 with the 404 page and for missing files',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(siteStatusFunctionCode()),
    });

    const siteDomain = props.siteUrl === undefined ? undefined : siteDomainOf(props.siteUrl);
    if (siteDomain && !props.siteCertificateArn) {
      throw new Error(`siteUrl ${props.siteUrl} needs the certificate of ${siteDomain} (lib/edge-stack.ts).`);
    }
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Baixa SPA and API',
      webAclId: props.webAclArn,
      // The stage's own domain: without it as an alternate name and its certificate, CloudFront refuses a request to
      // that name (403) even when the DNS points at it.
      ...(siteDomain && props.siteCertificateArn
        ? {
            domainNames: [siteDomain],
            certificate: acm.Certificate.fromCertificateArn(this, 'SiteCertificate', props.siteCertificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [
          { function: spaRoutes, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: siteStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        ...Object.fromEntries(ENTRY_FILES.map((file) => [`/${file}`, uncached])),
        [`${API_BASE_PATH}/*`]: api,
      },
      // Customers are in Brazil; South American edge locations are only in the "All" price class.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
    });
    // Every link the product writes names the stage's public origin: its own domain when it has one.
    this.appUrl = siteDomain ? `https://${siteDomain}` : `https://${this.distribution.distributionDomainName}`;

    this.apiUrl = `${this.appUrl}${API_BASE_PATH}`;

    // Canonical links, the sitemap and robots.txt name it too.
    const siteOrigin = this.appUrl;
    const site = props.siteAssetPath
      ? s3deploy.Source.asset(props.siteAssetPath)
      : viteBuildSource({ siteUrl: props.siteUrl, company: props.company });
    // One handler log group with retention for both deployments (they share CDK's singleton function).
    const deployLogs = new logs.LogGroup(this, 'DeploymentLogs', { retention: logs.RetentionDays.ONE_MONTH });

    // Hashed assets first and never pruned: a visitor still holding the previous index.html must be
    // able to load the chunks it references.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [site],
      destinationBucket: this.bucket,
      exclude: ENTRY_FILES,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      logGroup: deployLogs,
    });
    // `no-cache` on the objects also covers `/` (the default root object, served by the cached default
    // behavior): CloudFront then keeps it only for CachingOptimized's 1-second minimum TTL.
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      sources: [
        site,
        s3deploy.Source.jsonData(RUNTIME_CONFIG_PATH.replace(/^\//, ''), {
          ...props.runtimeConfig,
          apiUrl: this.apiUrl,
        }),
        // Deploy-time values: the distribution's own URL is known only once it exists.
        s3deploy.Source.data('robots.txt', robotsTxt(siteOrigin)),
        s3deploy.Source.data('sitemap.xml', sitemapXml(siteOrigin)),
      ],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ENTRY_FILES,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      logGroup: deployLogs,
    });
    entry.node.addDependency(assets);

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'No geo restriction: customers may be Brazilians abroad, and the content is a public SPA shell.',
    });
    if (!siteDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate always allows TLSv1 regardless of minimumProtocolVersion; a stage with its own domain (-c siteUrl) requires TLS 1.2 (TLSv1.2_2021).',
      });
    }
    for (const deployment of [assets, entry]) {
      acknowledgeDeploymentHandler(deployment, nagRef(this, this.bucket.arnForObjects('*')));
    }
  }
}

/**
 * CDK's BucketDeployment runs a CDK-managed singleton function we do not configure: its role,
 * policies and runtime come from aws-cdk-lib.
 */
function acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment, siteObjects: string): void {
  // The role's scope is the singleton Lambda function itself.
  const handler = deployment.handlerRole.node.scope;
  if (handler) {
    Validations.of(handler).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'CDK-managed BucketDeployment handler: aws-cdk-lib chooses and upgrades its (Python) runtime.',
    });
  }
  Validations.of(deployment.handlerRole).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'CDK-managed BucketDeployment handler: the managed policy only allows writing its CloudWatch logs.',
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:GetObject*]',
      reason: 'CDK-managed BucketDeployment handler reads the CDK asset objects it copies from.',
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      reason: 'CDK-managed BucketDeployment handler: generated by aws-cdk-lib grantRead on the asset and site buckets.',
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:List*]',
      reason: 'CDK-managed BucketDeployment handler lists the site bucket to sync it (aws s3 sync).',
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      reason: 'CDK-managed BucketDeployment handler: generated by aws-cdk-lib grantReadWrite on the site bucket only.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::${siteObjects}]`,
      reason:
        'CDK-managed BucketDeployment handler writes every file of the build into the site bucket; the wildcard covers that one bucket.',
    },
    {
      id: 'AwsSolutions-IAM5[Action::s3:Abort*]',
      reason: 'CDK-managed BucketDeployment handler aborts its own failed multipart uploads to the site bucket.',
    },
  );
  // The bootstrap assets bucket's ARN depends on the environment (partition/region literals or
  // intrinsics), so its exact finding id is read from the policy CDK generated rather than guessed.
  const policy = deployment.handlerRole.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
  const statements = policy
    ? (Stack.of(deployment).resolve(policy.document) as { Statement?: { Resource?: unknown }[] })
    : {};
  const assetObjects = new Set(
    (statements.Statement ?? [])
      .flatMap((st) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]))
      .map((resource) => nagRef(deployment, resource as string))
      .filter((arn) => /:s3:::cdk-[a-z0-9]+-assets-.*\/\*$/.test(arn)),
  );
  for (const arn of assetObjects) {
    Validations.of(deployment.handlerRole).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn}]`,
      reason:
        'CDK-managed BucketDeployment handler reads the zipped site from the CDK bootstrap assets bucket, whose object keys are content hashes.',
    });
  }
}
