import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/grants.js';
import { logicalId, reportedViolations, synthBaixa, type SynthesizedBaixa, type Json } from './helpers.js';
import { DEFERRED_ENTRY_LOADER_CSP_SOURCE } from '../../lib/deferred-entry.js';

/** A stage with marketing accounts configured (-c metaPixelId, -c googleAdsCustomerId, -c googleAdsConversionActions). */
let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({
    skipBundling: true,
    props: {
      metaPixelId: '123456789012345',
      googleAds: { customerId: '123-456-7890', conversionActions: 'purchase=11,sign_up=12' },
    },
  });
});

describe('marketing configuration', () => {
  it('opens the CSP to Meta’s pixel only as far as it needs', () => {
    const [policy] = Object.values(s.template.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(
      ((policy!.Properties as Json).ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Json })
        .SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain(`script-src 'self' ${DEFERRED_ENTRY_LOADER_CSP_SOURCE} https://connect.facebook.net;`);
    expect(csp).toContain("img-src 'self' data: https://www.facebook.com;");
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cognito-idp\.[^;]* https:\/\/www\.facebook\.com https:\/\/connect\.facebook\.net;/,
    );
  });

  it('gives the conversion functions the ids and the tokens’ secrets by ARN, never a token', () => {
    const functions = s.template.findResources('AWS::Lambda::Function');
    for (const fn of [s.stack.api.functions.RecordConversion, s.stack.workflowTasks.functions.ConfirmPayment]) {
      const env = ((functions[logicalId(fn)]!.Properties as Json).Environment as { Variables: Json }).Variables;
      expect(env).toMatchObject({
        [ENV.metaPixelId]: '123456789012345',
        [ENV.googleAdsCustomerId]: '123-456-7890',
        [ENV.googleAdsConversionActions]: 'purchase=11,sign_up=12',
        [ENV.metaConversionsApiUrl]: 'https://graph.facebook.com/v21.0',
        META_CONVERSIONS_TOKEN_SECRET_ARN: { Ref: logicalId(s.stack.secrets.byName.metaConversionsToken) },
        GOOGLE_ADS_DEVELOPER_TOKEN_SECRET_ARN: { Ref: logicalId(s.stack.secrets.byName.googleAdsDeveloperToken) },
        GOOGLE_ADS_OAUTH_SECRET_ARN: { Ref: logicalId(s.stack.secrets.byName.googleAdsOAuth) },
      });
      expect(Object.keys(env).filter((name) => /TOKEN$|OAUTH$/.test(name))).toEqual([]);
    }
  });

  it('stays cdk-nag clean', () => {
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });
});
