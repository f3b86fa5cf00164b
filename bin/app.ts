import { App } from 'aws-cdk-lib';
import { BaixaStack, stackNameFor } from '../lib/baixa-stack.js';
import { addNagChecks } from '../lib/nag.js';

const app = new App();

const stage = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
// A placeholder default keeps `cdk synth` working offline and in CI; real stages pass -c senderEmail=...
const senderEmail = (app.node.tryGetContext('senderEmail') as string | undefined) ?? 'nao-responda@example.com';
// Optional prebuilt SPA (e.g. CI that already ran `npm run build:web`): -c siteAssetPath=frontend/dist
const siteAssetPath = app.node.tryGetContext('siteAssetPath') as string | undefined;

new BaixaStack(app, stackNameFor(stage), {
  stage,
  senderEmail,
  siteAssetPath,
  // Account and region come from the deploying credentials; without them synth stays environment-agnostic.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Baixa temporária de apontamentos (${stage})`,
});

addNagChecks(app);
