import { App, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { SignInFirewall, SiteFirewall } from '../../lib/constructs/firewall.js';
import type { Infrastructure } from './model.js';

/**
 * The web ACLs the stage deploys and their rules, read from the constructs themselves (lib/constructs/firewall.ts), so
 * a rule added there is priced here: WAF bills each ACL and each rule a month.
 */
export function webAclInfrastructure(): Infrastructure {
  const stack = new Stack(new App(), 'CostModel');
  const acls = [
    new SiteFirewall(stack, 'Site').webAcl,
    new SignInFirewall(stack, 'SignIn', {
      userPool: cognito.UserPool.fromUserPoolId(stack, 'Pool', 'sa-east-1_costmodel'),
    }).webAcl,
  ];
  const rules = acls.reduce((sum, acl) => sum + (stack.resolve(acl.rules) as unknown[]).length, 0);
  return { webAcls: acls.length, webAclRules: rules };
}
