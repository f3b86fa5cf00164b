import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteDomainOf } from '../../lib/site-domain.js';
import { reportedViolations, synthBaixa, type Json, type SynthesizedBaixa } from './helpers.js';

const SITE_URL = 'https://www.limpanome.com.br';
const DOMAIN = 'www.limpanome.com.br';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({ skipBundling: true, props: { siteUrl: `${SITE_URL}/` } });
});

describe('a stage with its own domain (-c siteUrl)', () => {
  it('issues the certificate in the edge stack (us-east-1, where CloudFront reads it), validated by DNS', () => {
    s.edgeTemplate.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: DOMAIN,
      ValidationMethod: 'DNS',
    });
    // No hosted zone: the domain may be at any DNS provider; the validation record is added where it lives.
    const [certificate] = Object.values(s.edgeTemplate.findResources('AWS::CertificateManager::Certificate'));
    expect((certificate as { Properties: Json }).Properties.DomainValidationOptions).toBeUndefined();
  });

  it('answers on the domain with that certificate, TLS 1.2 at least, by SNI', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [DOMAIN],
        ViewerCertificate: {
          AcmCertificateArn: Match.anyValue(),
          MinimumProtocolVersion: 'TLSv1.2_2021',
          SslSupportMethod: 'sni-only',
        },
      }),
    });
  });

  it("names the domain in every link it writes: the e-mails' links, the API's URL, the uploads' CORS origin", () => {
    const functions = Object.values(s.template.findResources('AWS::Lambda::Function')) as {
      Properties: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    const appUrls = functions
      .map((fn) => fn.Properties.Environment?.Variables?.APP_URL)
      .filter((value) => value !== undefined);
    expect(appUrls.length).toBeGreaterThan(0);
    expect(new Set(appUrls)).toEqual(new Set([SITE_URL]));
    s.template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: [SITE_URL] })] },
    });
    s.rootTemplate.hasOutput('AppUrl', { Value: SITE_URL });
    s.rootTemplate.hasOutput('ApiUrl', { Value: `${SITE_URL}/api` });
  });

  // The stage without a domain acknowledges AwsSolutions-CFR4 (the cloudfront.net certificate allows TLS 1.0); this
  // one does not, so nag passes only because the viewer certificate's floor is TLS 1.2.
  it('passes cdk-nag with no acknowledgement of the old TLS floor', () => {
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });
});

describe('a stage without a domain of its own', () => {
  it('has no certificate, no alternate name, and names the distribution', () => {
    const plain = synthBaixa({ skipBundling: true });
    plain.edgeTemplate.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    const [distribution] = Object.values(plain.template.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: Json };
    }[];
    expect(distribution!.Properties.DistributionConfig.Aliases).toBeUndefined();
    expect(JSON.stringify(plain.rootTemplate.findOutputs('AppUrl'))).toContain('DomainName');
  });
});

describe('siteDomainOf', () => {
  it.each([
    ['https://www.limpanome.com.br', 'www.limpanome.com.br'],
    ['https://www.limpanome.com.br/', 'www.limpanome.com.br'],
    ['https://LimpaNome.com.br', 'limpanome.com.br'],
  ])('reads %s as %s', (url, domain) => {
    expect(siteDomainOf(url)).toBe(domain);
  });

  it.each([
    'http://www.limpanome.com.br',
    'https://www.limpanome.com.br/site',
    'https://www.limpanome.com.br:8443',
    'https://www.limpanome.com.br/?utm=x',
    'https://user:secret@www.limpanome.com.br',
    'https://203.0.113.7',
    'https://localhost',
    'www.limpanome.com.br',
    '',
  ])('refuses %j: CloudFront can serve only an https name with nothing after it', (url) => {
    expect(() => siteDomainOf(url)).toThrow(/siteUrl must be the site's https address/);
  });
});
