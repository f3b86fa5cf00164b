import { Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import type { Construct } from 'constructs';
import { SiteFirewall } from './constructs/firewall.js';

/** CloudFront reads web ACLs from one region only: a stage's edge firewall lives in its own stack there. */
export const EDGE_REGION = 'us-east-1';

/** `BaixaEdge-<stage>`, beside `Baixa-<stage>` (stackNameFor checks the stage). */
export function edgeStackNameFor(stage: string): string {
  return `BaixaEdge-${stage}`;
}

export interface BaixaEdgeStackProps extends StackProps {
  /**
   * The stage's own domain (lib/site-domain.ts): its certificate is issued here, where CloudFront reads certificates.
   * @default - no certificate; the site answers on its cloudfront.net name only
   */
  readonly siteDomain?: string;
}

/**
 * What a stage's CloudFront distribution needs from us-east-1, the one region CloudFront reads them from: its AWS WAF
 * web ACL (docs/decisions.md, Edge firewall) and, with a domain of its own, its TLS certificate. The site stack reads
 * their ARNs through CDK cross-region references, so `cdk deploy --all` deploys this stack first.
 */
export class BaixaEdgeStack extends Stack {
  readonly firewall: SiteFirewall;
  /** What the distribution's `webAclId` names. */
  readonly webAclArn: string;
  /** The certificate of the stage's own domain, when it has one. */
  readonly siteCertificateArn?: string;

  constructor(scope: Construct, id: string, props: BaixaEdgeStackProps) {
    super(scope, id, props);
    this.firewall = new SiteFirewall(this, 'SiteFirewall');
    this.webAclArn = this.firewall.webAcl.attrArn;
    if (props.siteDomain) {
      // DNS validation with no hosted zone: the domain may live at any DNS provider (registro.br, Cloudflare…). The
      // deploy waits until the CNAME record ACM asks for exists (README, Deploy); ACM renews the certificate by itself
      // for as long as the record stays.
      const certificate = new acm.Certificate(this, 'SiteCertificate', {
        domainName: props.siteDomain,
        validation: acm.CertificateValidation.fromDns(),
      });
      this.siteCertificateArn = certificate.certificateArn;
    }
  }
}
