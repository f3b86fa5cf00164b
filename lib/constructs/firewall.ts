import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { API_BASE_PATH } from '../../domain/api/base-path.js';
import { CONVERSION_RATE_LIMIT } from '../../domain/conversion-events.js';
import { RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { ASAAS_WEBHOOK_TOKEN_HEADER, receiveAsaasWebhookRoute } from '../../domain/api/webhooks.js';
import { receiveWhatsAppWebhookRoute } from '../../domain/api/whatsapp.js';

/**
 * AWS WAF rate-based rules count requests per client address over a sliding window. Every limit here sits well above
 * what a person (or Asaas) does, so the rules only cut floods before they cost Lambda invocations and table writes;
 * the exact per-person limits stay in the application (domain/rate-limits.ts), which also sees IPv6 /64s.
 */
export const WAF_WINDOW_SECONDS = 300;

/** A rule's allowance prorated to the firewall's window (at least one). */
const perFirewallWindow = (rule: { readonly limit: number; readonly windowSeconds: number }) =>
  Math.max(1, Math.ceil((rule.limit * WAF_WINDOW_SECONDS) / rule.windowSeconds));

/** Each rule's name says why it exists; the limits are requests per address per `WAF_WINDOW_SECONDS`. */
export const SITE_RATE_RULES = {
  /**
   * The public routes (lookup, Nada Consta, its verification, conversions) are the ones anyone can call. Twice what a
   * person may use of all of them together under the application's own limits (about 110): above it the caller is a
   * script, not a person, nor a few people behind one shared address.
   */
  RateLimitPublicRoutesPerAddress: {
    pathPrefix: `${API_BASE_PATH}/public/`,
    limit:
      2 *
      [
        RATE_LIMITS.lookupByAddress,
        RATE_LIMITS.nadaConstaByAddress,
        RATE_LIMITS.verificationByAddress,
        CONVERSION_RATE_LIMIT,
      ].reduce((sum, rule) => sum + perFirewallWindow(rule), 0),
  },
  /**
   * Asaas delivers from a handful of addresses, one event at a time per account; 1,000 in 5 minutes (3 a second) is
   * more than a released backlog needs at our volume, and far less than a flood from one address.
   */
  RateLimitAsaasWebhookPerAddress: { pathPrefix: receiveAsaasWebhookPath(), limit: 1000 },
  /**
   * Anything under /api from one address: a customer's screens make a few calls a page; 1,500 in 5 minutes (5 a second,
   * sustained) leaves room for an office behind one address while one machine cannot use the stage's 50 a second.
   */
  RateLimitApiPerAddress: { pathPrefix: `${API_BASE_PATH}/`, limit: 1500 },
} as const;

/**
 * Sign-in, magic-link requests, sign-up and password recovery are calls to Cognito's own regional endpoint
 * (cognito-idp), not to CloudFront: the SPA talks to it directly. They are guarded by a regional web ACL on the user
 * pool, keyed on the operation Cognito's JSON API names in `X-Amz-Target`.
 */
export const SIGN_IN_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
] as const;

export const SIGN_IN_RATE_RULES = {
  /**
   * A sign-in is two calls (SRP or magic link: InitiateAuth, RespondToAuthChallenge), a token refresh one. 100 in 5
   * minutes is 50 sign-ins from one address: no person needs it, while a password-guessing or e-mail-bombing script
   * (every magic link, sign-up and recovery sends an e-mail) is cut early, before it eats the pool's shared quota.
   */
  RateLimitSignInPerAddress: { limit: 100 },
} as const;

const TOO_MANY_REQUESTS_BODY = 'tooManyRequests';

/** The API's own 429 body (domain/schemas/api-error.ts), so the SPA shows the same pt-BR message as for its limits. */
const customResponseBodies: Record<string, wafv2.CfnWebACL.CustomResponseBodyProperty> = {
  [TOO_MANY_REQUESTS_BODY]: {
    contentType: 'APPLICATION_JSON',
    content: JSON.stringify({ code: 'too_many_requests', message: RATE_LIMIT_MESSAGES.tooManyRequests }),
  },
};

const tooManyRequests: wafv2.CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, customResponseBodyKey: TOO_MANY_REQUESTS_BODY } },
};

function receiveAsaasWebhookPath(): string {
  return `${API_BASE_PATH}${receiveAsaasWebhookRoute.path}`;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: prefix,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/**
 * Where the providers' webhooks arrive (Asaas, and Meta's WhatsApp deliveries): each authenticates itself (Asaas's
 * token, Meta's signature) and has its route's own throttle, so the per-address limit and the managed lists that
 * judge a sender by its address or its body stay off them.
 */
const WEBHOOKS_PATH = `${API_BASE_PATH}/webhooks/`;
for (const route of [receiveAsaasWebhookRoute, receiveWhatsAppWebhookRoute]) {
  if (!`${API_BASE_PATH}${route.path}`.startsWith(WEBHOOKS_PATH))
    throw new Error(`${route.path} is not a webhook path`);
}

const notWebhook: wafv2.CfnWebACL.StatementProperty = {
  notStatement: { statement: pathStartsWith(WEBHOOKS_PATH) },
};

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDown: wafv2.CfnWebACL.StatementProperty,
  action: wafv2.CfnWebACL.RuleActionProperty = tooManyRequests,
) {
  return {
    name,
    priority,
    action,
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: WAF_WINDOW_SECONDS,
        scopeDownStatement: scopeDown,
      },
    },
    visibilityConfig: visibility(name),
  } satisfies wafv2.CfnWebACL.RuleProperty;
}

function managedRule(
  name: string,
  priority: number,
  options: { scopeDown?: wafv2.CfnWebACL.StatementProperty; countOnly?: readonly string[] } = {},
) {
  return {
    name: `AWS-${name}`,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        scopeDownStatement: options.scopeDown,
        ruleActionOverrides: options.countOnly?.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
      },
    },
    visibilityConfig: visibility(`AWS-${name}`),
  } satisfies wafv2.CfnWebACL.RuleProperty;
}

/**
 * The web ACL of the CloudFront distribution (site and /api). Scope CLOUDFRONT: it must be created in us-east-1
 * (lib/edge-stack.ts), whatever the region of the stage.
 */
export class SiteFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const webhook = receiveAsaasWebhookPath();
    const rules = SITE_RATE_RULES;
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Baixa: site and API at the edge',
      defaultAction: { allow: {} },
      customResponseBodies,
      visibilityConfig: visibility('BaixaSite'),
      rules: [
        // Asaas always sends its token (32 to 255 characters); a POST without one is junk, refused before it can use
        // the webhook route's throttle that Asaas's real deliveries depend on. The handler still checks the value.
        {
          name: 'BlockWebhookWithoutAsaasToken',
          priority: 0,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                pathStartsWith(webhook),
                {
                  notStatement: {
                    statement: {
                      sizeConstraintStatement: {
                        fieldToMatch: { singleHeader: { Name: ASAAS_WEBHOOK_TOKEN_HEADER } },
                        comparisonOperator: 'GE',
                        size: 32,
                        textTransformations: [{ priority: 0, type: 'NONE' }],
                      },
                    },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('BlockWebhookWithoutAsaasToken'),
        },
        rateRule(
          'RateLimitAsaasWebhookPerAddress',
          1,
          rules.RateLimitAsaasWebhookPerAddress.limit,
          pathStartsWith(rules.RateLimitAsaasWebhookPerAddress.pathPrefix),
        ),
        rateRule(
          'RateLimitPublicRoutesPerAddress',
          2,
          rules.RateLimitPublicRoutesPerAddress.limit,
          pathStartsWith(rules.RateLimitPublicRoutesPerAddress.pathPrefix),
        ),
        rateRule('RateLimitApiPerAddress', 3, rules.RateLimitApiPerAddress.limit, {
          andStatement: { statements: [pathStartsWith(rules.RateLimitApiPerAddress.pathPrefix), notWebhook] },
        }),
        // Addresses Amazon's threat intelligence lists as bots or attackers. Not on the webhooks: each authenticates by
        // its token, and a false positive there would stop payments from being confirmed.
        managedRule('AWSManagedRulesAmazonIpReputationList', 10, { scopeDown: notWebhook }),
        // Log4j, Java deserialization, exploitable paths: never in a legitimate request to this product, webhook included.
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 11),
        // OWASP-style rules. Our bodies are small JSON (no uploads: the largest is a profile, under 2 KB), so the 8 KB
        // body limit stays a block. Not on the webhook: Asaas's payment JSON is theirs to grow (new attributes may
        // appear at any time) and carries free text (descriptions) that an XSS or size rule could refuse, and 15
        // refused deliveries in a row pause Asaas's queue.
        managedRule('AWSManagedRulesCommonRuleSet', 12, { scopeDown: notWebhook }),
      ],
    });
  }
}

/**
 * The regional web ACL of the user pool (Cognito's own endpoints: sign-in, magic link, sign-up, recovery), in the
 * stage's region. CloudFront does not front Cognito, so this is where sign-in is rate-limited.
 */
export class SignInFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { readonly userPool: cognito.IUserPool }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      description: 'Baixa: sign-in, sign-up and recovery at Cognito',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('BaixaSignIn'),
      rules: [
        rateRule(
          'RateLimitSignInPerAddress',
          0,
          SIGN_IN_RATE_RULES.RateLimitSignInPerAddress.limit,
          {
            orStatement: {
              statements: SIGN_IN_OPERATIONS.map((operation) => ({
                byteMatchStatement: {
                  fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
                  positionalConstraint: 'EXACTLY',
                  searchString: `awscognitoidentityproviderservice.${operation.toLowerCase()}`,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              })),
            },
          },
          // Cognito's clients read a 429 as "too many requests" (Amplify's TooManyRequestsException path), no body needed.
          { block: { customResponse: { responseCode: 429 } } },
        ),
        managedRule('AWSManagedRulesAmazonIpReputationList', 10),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'UserPool', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
