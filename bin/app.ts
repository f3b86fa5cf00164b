import { App } from 'aws-cdk-lib';
import { addBaixaStage } from '../lib/baixa-app.js';
import { loadCompanyIdentity } from '../lib/company-config.js';
import { addNagChecks } from '../lib/nag.js';
import { parseConversionActions } from '../lambdas/providers/conversions.js';

const app = new App();

const stage = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
// A placeholder default keeps `cdk synth` of the dev stage working offline and in CI; any other stage must name
// its verified SES sender, or every e-mail (sign-up, recovery, magic link) would fail to send.
const senderEmailContext = app.node.tryGetContext('senderEmail') as string | undefined;
if (!senderEmailContext && stage !== 'dev') {
  throw new Error(`Stage "${stage}" needs -c senderEmail=<an address verified in SES>.`);
}
const senderEmail = senderEmailContext ?? 'nao-responda@example.com';
// Who the provider is: config/company/<stage>.json, or -c companyFile=<path>; only dev may run on the examples.
const company = loadCompanyIdentity(stage, app.node.tryGetContext('companyFile') as string | undefined);
// Optional prebuilt SPA (e.g. CI that already ran `npm run build:web`): -c siteAssetPath=frontend/dist
const siteAssetPath = app.node.tryGetContext('siteAssetPath') as string | undefined;
// Production takes real PIX payments: -c asaasApiUrl=https://api.asaas.com/v3 (the default is Asaas's sandbox).
const asaasApiUrl = app.node.tryGetContext('asaasApiUrl') as string | undefined;
// The court sync's DataJud API: -c datajudApiUrl=… (the default is the CNJ's public API).
const datajudApiUrl = app.node.tryGetContext('datajudApiUrl') as string | undefined;
// WhatsApp status notices: -c whatsappPhoneNumberId=<id from Meta's WhatsApp Manager> (none without it).
const whatsappPhoneNumberId = app.node.tryGetContext('whatsappPhoneNumberId') as string | undefined;
if (whatsappPhoneNumberId !== undefined && !/^\d{5,20}$/.test(String(whatsappPhoneNumberId))) {
  throw new Error('-c whatsappPhoneNumberId must be the phone-number id (digits only).');
}
// The stage's own domain: -c siteUrl=https://www.example.com.br. CloudFront answers on it with a certificate the edge
// stack requests (DNS validation: README, Deploy), and every link the product writes names it.
const siteUrl = app.node.tryGetContext('siteUrl') as string | undefined;
// Marketing (all optional): -c metaPixelId=<digits> turns on the browser pixel and Meta's Conversions API;
// -c googleAdsCustomerId=<digits> -c googleAdsConversionActions=purchase=<id>,sign_up=<id> turns on Google Ads uploads.
const metaPixelId = app.node.tryGetContext('metaPixelId') as string | undefined;
if (metaPixelId !== undefined && !/^\d{5,20}$/.test(String(metaPixelId))) {
  throw new Error('-c metaPixelId must be the pixel id (digits only).');
}
const googleAdsCustomerId = app.node.tryGetContext('googleAdsCustomerId') as string | undefined;
const googleAdsConversionActions = app.node.tryGetContext('googleAdsConversionActions') as string | undefined;
if (googleAdsCustomerId !== undefined) {
  if (!/^\d{3}-?\d{3}-?\d{4}$/.test(String(googleAdsCustomerId))) {
    throw new Error('-c googleAdsCustomerId must be the 10-digit customer id.');
  }
  if (Object.keys(parseConversionActions(googleAdsConversionActions)).length === 0) {
    throw new Error('-c googleAdsCustomerId needs -c googleAdsConversionActions=purchase=<id>[,sign_up=<id>…].');
  }
}
const googleAdsApiUrl = app.node.tryGetContext('googleAdsApiUrl') as string | undefined;
// After rotating the origin secret: -c originSecretVersion=<its new VersionId> makes CloudFront send the new value.
const originSecretVersion = app.node.tryGetContext('originSecretVersion') as string | undefined;
// Who hears of the alarms: -c opsEmail=plantao@example.com.br subscribes it to the alarm topic (SNS asks to confirm).
const opsEmail = app.node.tryGetContext('opsEmail') as string | undefined;
if (opsEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(String(opsEmail))) {
  throw new Error('-c opsEmail must be an e-mail address.');
}

addBaixaStage(app, {
  stage,
  senderEmail,
  company,
  siteAssetPath,
  asaasApiUrl,
  datajudApiUrl,
  whatsappPhoneNumberId: whatsappPhoneNumberId === undefined ? undefined : String(whatsappPhoneNumberId),
  originSecretVersion,
  metaPixelId: metaPixelId === undefined ? undefined : String(metaPixelId),
  googleAds:
    googleAdsCustomerId === undefined
      ? undefined
      : { customerId: String(googleAdsCustomerId), conversionActions: String(googleAdsConversionActions) },
  googleAdsApiUrl,
  siteUrl,
  opsEmail: opsEmail === undefined ? undefined : String(opsEmail),
  // Account and region come from the deploying credentials; an offline synth gets DEFAULT_REGION (lib/baixa-app.ts).
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Baixa temporária de apontamentos (${stage})`,
});

addNagChecks(app);
