import { Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { SecretName } from '../../lambdas/grants.js';

const DESCRIPTIONS: Record<SecretName, string> = {
  magicLinkKey: 'HMAC-SHA256 key that signs magic-link sign-in tokens (15 minutes, single use)',
  asaasWebhookToken:
    'Token Asaas sends in the asaas-access-token header of every webhook call; copy it into the webhook settings in Asaas',
  asaasApiKey: 'Asaas API key (access_token); replace the generated value with the key from the Asaas panel',
  originVerify:
    'Value CloudFront adds to every request it forwards to the API (x-origin-verify); the API refuses requests without it',
  metaConversionsToken:
    'Meta Conversions API access token (Events Manager > pixel > Settings); replace the generated value. Used only when -c metaPixelId is set',
  googleAdsDeveloperToken:
    'Google Ads API developer token (API Center of the manager account); replace the generated value. Used only when -c googleAdsCustomerId is set',
  googleAdsOAuth:
    'Google Ads OAuth client and refresh token as JSON {"client_id","client_secret","refresh_token"}; replace the generated value. Used only when -c googleAdsCustomerId is set',
  rateLimitKey:
    'HMAC-SHA256 key of the rate-limit counters: their keys name an address, document or protocol only through this keyed hash',
  contractLinkKey:
    "HMAC-SHA256 key that signs the links to a signed contract's PDF in the 'Contrato assinado' e-mail (valid one year)",
  datajudApiKey:
    "The CNJ's DataJud public API key (https://datajud-wiki.cnj.jus.br/api-publica/acesso); replace the generated value with the key the CNJ publishes",
  whatsappAccessToken:
    "WhatsApp Business Cloud API access token (a system user's permanent token with whatsapp_business_messaging); replace the generated value. Used only when -c whatsappPhoneNumberId is set",
  whatsappAppSecret:
    "The Meta app's secret (App settings > Basic): checks the X-Hub-Signature-256 of every WhatsApp webhook; replace the generated value",
  whatsappVerifyToken:
    "Token Meta echoes when the WhatsApp webhook is registered (hub.verify_token); copy it into the app's webhook settings",
};

/** Why none of these secrets rotates automatically (cdk-nag AwsSolutions-SMG4). */
const NO_ROTATION: Record<SecretName, string> = {
  magicLinkKey:
    'Secrets Manager rotates only through a custom rotation Lambda, and a rotated key must stay verifiable for the 15 minutes its links live. The key signs short-lived, single-use links whose nonce must also match a DynamoDB record, so a leaked key alone cannot sign anyone in with an older link; rotate on suspicion by putting a new value (functions pick it up at their next cold start; links in flight stop working).',
  asaasWebhookToken:
    'The token must equal the one configured in the Asaas panel, which no rotation Lambda can change; rotating is a manual two-step change (new value here, then in Asaas) done on suspicion.',
  asaasApiKey:
    'The key is issued by Asaas and can only be regenerated in the Asaas panel; it is put here by hand when that happens.',
  originVerify:
    "CloudFront reads the value at deploy time (a CloudFormation dynamic reference in the origin's custom header), so a rotation must be followed by a deploy naming the new version (-c originSecretVersion); rotate on suspicion by putting a new value and deploying with it (functions pick it up at their next cold start).",
  metaConversionsToken:
    'The token is issued in Meta Events Manager, which no rotation Lambda can drive; it is replaced by hand there and here on suspicion (functions pick it up at their next cold start).',
  googleAdsDeveloperToken:
    'The developer token is issued by Google for the Ads API account and cannot be rotated by a Lambda; it is replaced by hand when Google reissues it.',
  googleAdsOAuth:
    'The refresh token comes from a consent flow in a browser, which no rotation Lambda can perform; the access tokens it yields live one hour. Replaced by hand on suspicion (revoke it in the Google account).',
  rateLimitKey:
    'Secrets Manager rotates only through a custom rotation Lambda, and nothing needs the old key: a new value only starts every rate-limit window afresh (counters keyed with the old one expire within the hour). Rotate on suspicion by putting a new value; functions pick it up at their next cold start.',
  contractLinkKey:
    'Secrets Manager rotates only through a custom rotation Lambda, and every link already e-mailed is signed with the current key: a new value stops all of them at once (customers still download their contract from the Contrato page). Rotate only on suspicion, by putting a new value; functions pick it up at their next cold start.',
  datajudApiKey:
    'The key is issued and published by the CNJ, which changes it at will; no rotation Lambda can obtain a new one. It is put here by hand when the CNJ announces a new key (the court sync picks it up at its next cold start).',
  whatsappAccessToken:
    "The token is issued in Meta's Business Manager for a system user, which no rotation Lambda can drive; it is replaced by hand there and here on suspicion (functions pick it up at their next cold start).",
  whatsappAppSecret:
    "The app secret is Meta's, reset only in the app's dashboard; it is put here by hand when reset there (the webhook picks it up at its next cold start).",
  whatsappVerifyToken:
    'Meta reads it only when the webhook is (re)registered; rotating is a manual two-step change (new value here, then in the app) done on suspicion.',
};

/**
 * Every secret a function can be granted (lambdas/grants.ts `SECRET_NAMES`). Functions get the ARN of the ones their
 * grants name and read the value once per cold start, so no secret sits in a plain environment variable, where
 * anyone with lambda:GetFunctionConfiguration could read it.
 */
export class Secrets extends Construct {
  readonly byName: Record<SecretName, secretsmanager.Secret>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const create = (name: SecretName, logicalId: string) => {
      const secret = new secretsmanager.Secret(this, logicalId, {
        description: DESCRIPTIONS[name],
        // Alphanumeric: Asaas's token field and HTTP headers take it as typed.
        generateSecretString: { passwordLength: 64, excludePunctuation: true },
      });
      Validations.of(secret).acknowledge({ id: 'AwsSolutions-SMG4', reason: NO_ROTATION[name] });
      return secret;
    };
    this.byName = {
      magicLinkKey: create('magicLinkKey', 'MagicLinkKey'),
      asaasWebhookToken: create('asaasWebhookToken', 'AsaasWebhookToken'),
      asaasApiKey: create('asaasApiKey', 'AsaasApiKey'),
      originVerify: create('originVerify', 'OriginVerify'),
      metaConversionsToken: create('metaConversionsToken', 'MetaConversionsToken'),
      googleAdsDeveloperToken: create('googleAdsDeveloperToken', 'GoogleAdsDeveloperToken'),
      googleAdsOAuth: create('googleAdsOAuth', 'GoogleAdsOAuth'),
      rateLimitKey: create('rateLimitKey', 'RateLimitKey'),
      contractLinkKey: create('contractLinkKey', 'ContractLinkKey'),
      datajudApiKey: create('datajudApiKey', 'DatajudApiKey'),
      whatsappAccessToken: create('whatsappAccessToken', 'WhatsappAccessToken'),
      whatsappAppSecret: create('whatsappAppSecret', 'WhatsappAppSecret'),
      whatsappVerifyToken: create('whatsappVerifyToken', 'WhatsappVerifyToken'),
    };
  }
}
