import { App } from 'aws-cdk-lib';
import { BaixaStack, stackNameFor } from '../lib/baixa-stack.js';
import { addNagChecks } from '../lib/nag.js';

const app = new App();

const stage = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
// A placeholder default keeps `cdk synth` of the dev stage working offline and in CI; any other stage must name
// its verified SES sender, or every e-mail (sign-up, recovery, magic link) would fail to send.
const senderEmailContext = app.node.tryGetContext('senderEmail') as string | undefined;
if (!senderEmailContext && stage !== 'dev') {
  throw new Error(`Stage "${stage}" needs -c senderEmail=<an address verified in SES>.`);
}
const senderEmail = senderEmailContext ?? 'nao-responda@example.com';
// Optional prebuilt SPA (e.g. CI that already ran `npm run build:web`): -c siteAssetPath=frontend/dist
const siteAssetPath = app.node.tryGetContext('siteAssetPath') as string | undefined;
// Production takes real PIX payments: -c asaasApiUrl=https://api.asaas.com/v3 (the default is Asaas's sandbox).
const asaasApiUrl = app.node.tryGetContext('asaasApiUrl') as string | undefined;
// After rotating the origin secret: -c originSecretVersion=<its new VersionId> makes CloudFront send the new value.
const originSecretVersion = app.node.tryGetContext('originSecretVersion') as string | undefined;

new BaixaStack(app, stackNameFor(stage), {
  stage,
  senderEmail,
  siteAssetPath,
  asaasApiUrl,
  originSecretVersion,
  // Account and region come from the deploying credentials; without them synth stays environment-agnostic.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Baixa temporária de apontamentos (${stage})`,
});

addNagChecks(app);
