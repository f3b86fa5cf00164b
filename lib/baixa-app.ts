import type { App, Environment } from 'aws-cdk-lib';
import { BaixaStack, stackNameFor, type BaixaStackProps } from './baixa-stack.js';
import { assertRealCompany, type LoadedCompany } from './company-config.js';
import { BaixaEdgeStack, EDGE_REGION, edgeStackNameFor } from './edge-stack.js';
import { siteDomainOf } from './site-domain.js';

/**
 * Where a stage deploys when neither the credentials (`CDK_DEFAULT_REGION`) nor the caller name a region: São Paulo,
 * the customers' region (README, Deploy). A region must be known at synth, as the site stack reads the edge stack's
 * web ACL across regions.
 */
export const DEFAULT_REGION = 'sa-east-1';

export type BaixaStageProps = Omit<
  BaixaStackProps,
  'webAclArn' | 'siteCertificateArn' | 'env' | 'crossRegionReferences' | 'company'
> & {
  readonly env?: Environment;
  /** The stage's company identity and where it was read (lib/company-config.ts); only `dev` may use the examples. */
  readonly company: LoadedCompany;
};

/**
 * One stage: its edge stack in us-east-1 (the CloudFront web ACL, and the certificate of its own domain when it has
 * one) and its site stack, which reads their ARNs through CDK cross-region references (SSM parameters in the stage's
 * region, written at the edge stack's deploy).
 * bin/app.ts and the CDK tests both build a stage here, so tests synthesize what `cdk deploy --all` deploys.
 */
export function addBaixaStage(app: App, props: BaixaStageProps): { edge: BaixaEdgeStack; stack: BaixaStack } {
  const siteStackName = stackNameFor(props.stage); // validates the stage first
  assertRealCompany(props.stage, props.company);
  const account = props.env?.account;
  const region = props.env?.region ?? DEFAULT_REGION;
  const siteDomain = props.siteUrl === undefined ? undefined : siteDomainOf(props.siteUrl);
  const edge = new BaixaEdgeStack(app, edgeStackNameFor(props.stage), {
    env: { account, region: EDGE_REGION },
    crossRegionReferences: true,
    siteDomain,
    description: `Baixa temporária de apontamentos (${props.stage}): firewall do CloudFront`,
  });
  const stack = new BaixaStack(app, siteStackName, {
    ...props,
    company: props.company.identity,
    env: { account, region },
    crossRegionReferences: true,
    webAclArn: edge.webAclArn,
    siteCertificateArn: edge.siteCertificateArn,
  });
  return { edge, stack };
}
