import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SiteFirewall } from './constructs/firewall.js';

/** CloudFront reads web ACLs from one region only: a stage's edge firewall lives in its own stack there. */
export const EDGE_REGION = 'us-east-1';

/** `BaixaEdge-<stage>`, beside `Baixa-<stage>` (stackNameFor checks the stage). */
export function edgeStackNameFor(stage: string): string {
  return `BaixaEdge-${stage}`;
}

/**
 * The stage's AWS WAF web ACL for its CloudFront distribution (docs/decisions.md, Edge firewall). The site stack reads
 * its ARN through a CDK cross-region reference, so `cdk deploy --all` deploys this stack first.
 */
export class BaixaEdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  /** What the distribution's `webAclId` names. */
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'SiteFirewall');
    this.webAclArn = this.firewall.webAcl.attrArn;
  }
}
